// Package inventory keeps stock levels and reservations.
package inventory

import (
	"errors"
	"fmt"
)

// ErrInsufficient is returned when a reservation asks for more than is in stock.
var ErrInsufficient = errors.New("inventory: insufficient stock")

// Stock is the quantity on hand per SKU.
type Stock struct {
	levels map[string]int
}

// New returns a Stock holding a copy of levels.
func New(levels map[string]int) *Stock {
	s := &Stock{levels: map[string]int{}}
	for k, v := range levels {
		s.levels[k] = v
	}
	return s
}

// Level is the quantity on hand of sku.
func (s *Stock) Level(sku string) int {
	return s.levels[sku]
}

// Reserve takes qty of sku out of stock.
func (s *Stock) Reserve(sku string, qty int) error {
	if s.levels[sku] < qty {
		return fmt.Errorf("%w: %s has %d, want %d", ErrInsufficient, sku, s.levels[sku], qty)
	}
	s.levels[sku] -= qty
	return nil
}
