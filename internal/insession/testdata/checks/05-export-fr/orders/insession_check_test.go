package orders

import "testing"

func TestInsessionExportCSV(t *testing.T) {
	os := []Order{
		{ID: "A1", Lines: []Line{{SKU: "MILK-1L", Qty: 3, PriceCents: 125}, {SKU: "BREAD", Qty: 1, PriceCents: 250}}},
		{ID: "A2", Lines: []Line{{SKU: "EGGS-6", Qty: 2, PriceCents: 199}}},
	}
	want := "A1,MILK-1L,3,125\nA1,BREAD,1,250\nA2,EGGS-6,2,199\n"
	if got := ExportCSV(os); got != want {
		t.Fatalf("ExportCSV = %q; want %q", got, want)
	}
	if got := ExportCSV(nil); got != "" {
		t.Fatalf("ExportCSV(nil) = %q", got)
	}
}

func TestInsessionZeroQty(t *testing.T) {
	if _, err := ParseLine("MILK-1L x0 @1.25"); err == nil {
		t.Fatal("ParseLine accepts x0")
	}
	if _, err := ParseLine("MILK-1L x1 @1.25"); err != nil {
		t.Fatal(err)
	}
}
