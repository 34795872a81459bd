// Package orders holds customer orders and their totals.
package orders

import (
	"fmt"
	"strconv"
	"strings"
)

// Line is one line of an order: a SKU, a quantity and a unit price.
type Line struct {
	SKU        string
	Qty        int
	PriceCents int
}

// Order is a customer's order.
type Order struct {
	ID            string
	Lines         []Line
	CouponPercent int
}

// Total is the order's total in cents.
func (o Order) Total() int {
	total := 0
	for _, l := range o.Lines {
		total += l.PriceCents
	}
	return total
}

// ParseLine reads a line written as "SKU x3 @12.50".
func ParseLine(s string) (Line, error) {
	f := strings.Fields(s)
	if len(f) != 3 || !strings.HasPrefix(f[1], "x") || !strings.HasPrefix(f[2], "@") {
		return Line{}, fmt.Errorf("bad line %q: want SKU xQTY @PRICE", s)
	}
	qty, err := strconv.Atoi(f[1][1:])
	if err != nil || qty < 0 {
		return Line{}, fmt.Errorf("bad quantity in %q", s)
	}
	price, err := parseCents(f[2][1:])
	if err != nil {
		return Line{}, fmt.Errorf("bad price in %q", s)
	}
	return Line{SKU: f[0], Qty: qty, PriceCents: price}, nil
}

// parseCents reads "12.50" as 1250.
func parseCents(s string) (int, error) {
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.Atoi(whole)
	if err != nil {
		return 0, err
	}
	switch len(frac) {
	case 0:
		frac = "00"
	case 1:
		frac += "0"
	case 2:
	default:
		return 0, fmt.Errorf("too many decimals in %q", s)
	}
	c, err := strconv.Atoi(frac)
	if err != nil {
		return 0, err
	}
	return w*100 + c, nil
}
