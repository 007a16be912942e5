module github.com/benhoyt/goawk

go 1.20
