package orders

import (
	"strings"
	"testing"
)

func insessionOrder(coupon int) Order {
	return Order{ID: "A1", CouponPercent: coupon, Lines: []Line{{SKU: "MILK-1L", Qty: 3, PriceCents: 125}, {SKU: "BREAD", Qty: 1, PriceCents: 250}}}
}

func TestInsessionCoupon(t *testing.T) {
	for _, c := range []struct{ coupon, want int }{{0, 625}, {10, 562}, {100, 0}, {150, 625}, {-5, 625}} {
		if got := insessionOrder(c.coupon).Total(); got != c.want {
			t.Errorf("Total with coupon %d = %d; want %d", c.coupon, got, c.want)
		}
	}
}

func TestInsessionValidate(t *testing.T) {
	if err := insessionOrder(20).Validate(); err != nil {
		t.Errorf("Validate(20%%) = %v", err)
	}
	if insessionOrder(101).Validate() == nil || insessionOrder(-1).Validate() == nil {
		t.Error("Validate accepts a coupon outside 0-100")
	}
	o := insessionOrder(0)
	o.Lines[0].Qty = -2
	if o.Validate() == nil {
		t.Error("Validate accepts a negative quantity")
	}
}

func TestInsessionEmptyTotal(t *testing.T) {
	if got := (Order{CouponPercent: 10}).Total(); got != 0 {
		t.Fatalf("empty order Total = %d", got)
	}
}

func TestInsessionParseErrPrefix(t *testing.T) {
	for _, s := range []string{"MILK", "MILK xA @1.00", "MILK x1 @1.000", "MILK x1 @z"} {
		_, err := ParseLine(s)
		if err == nil || !strings.HasPrefix(err.Error(), "orders: ") {
			t.Errorf("ParseLine(%q) error = %v; want one starting with \"orders: \"", s, err)
		}
	}
}
