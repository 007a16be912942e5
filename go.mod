module github.com/moonix-sh/moonix

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1
	github.com/benhoyt/goawk v1.29.1
	github.com/chzyer/readline v1.5.1
	github.com/creack/pty v1.1.24
	github.com/itchyny/gojq v0.12.20
	github.com/itchyny/timefmt-go v0.1.9
	github.com/rogpeppe/go-internal v1.16.0
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	golang.org/x/term v0.47.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.38.0 // indirect
)
