package shell

import "os"

// MOONIX_ENGINE=moonix runs the package's tests on moonix's engine.
func init() {
	if e := os.Getenv("MOONIX_ENGINE"); e != "" {
		defaultEngine = e
	}
}
