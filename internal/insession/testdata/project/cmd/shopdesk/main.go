// Command shopdesk prints the demo shop's reminders.
package main

import (
	"flag"
	"fmt"
	"time"

	"example.com/shopdesk/notify"
	"example.com/shopdesk/reminders"
)

func main() {
	lang := flag.String("lang", "en", "language of the texts (en, de)")
	flag.Parse()
	var l reminders.List
	now := time.Now()
	l.Add("order milk", now.Add(-time.Hour))
	l.Add("call the bread supplier", now.Add(2*time.Hour))
	for _, r := range l.All() {
		fmt.Println(notify.Format(r, *lang))
	}
}
