package orders

import "testing"

func TestParseLine(t *testing.T) {
	l, err := ParseLine("MILK-1L x3 @1.25")
	if err != nil {
		t.Fatal(err)
	}
	if l != (Line{SKU: "MILK-1L", Qty: 3, PriceCents: 125}) {
		t.Fatalf("ParseLine = %+v", l)
	}
	if _, err := ParseLine("MILK-1L 3 1.25"); err == nil {
		t.Fatal("ParseLine accepted a line without x and @")
	}
}

func TestTotalCountsQuantity(t *testing.T) {
	o := Order{ID: "A1", Lines: []Line{{SKU: "MILK-1L", Qty: 3, PriceCents: 125}, {SKU: "BREAD", Qty: 1, PriceCents: 250}}}
	if got := o.Total(); got != 625 {
		t.Fatalf("Total = %d; want 625", got)
	}
}
