// Package gnudate reads and writes dates as GNU date does: Parse reads the
// strings of date -d and touch -d (a subset of gnulib's parse-datetime),
// Format is strftime with GNU's conversions and flags, and Zone turns a TZ
// value into a zone as glibc does, from a copy of the time zone database
// embedded here rather than from the host's zone files.
//
// No Go library parses dates the way GNU date does, and the time package's
// layouts are not strftime, so both are written here (see RATIONALE.md).
// gnudate imports only the standard library. Everything here is safe for
// concurrent use; there is no state.
package gnudate
