package coreutils

import "testing"

func TestSums(t *testing.T) {
	t.Parallel()
	const (
		hiSHA256 = "98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4"
		hiMD5    = "764efa883dda1e11db47671c4a3bbd9e"
		hiSHA1   = "55ca6286e3e4f4fba5d0448333fa99fc5a404a73"
		emptyMD5 = "d41d8cd98f00b204e9800998ecf8427e"
	)
	files := map[string]string{
		"a":       "hi\n",
		"b":       "bad\n",
		"sums":    hiSHA256 + "  a\n" + hiSHA256 + "  b\ngarbage\n",
		"good":    hiSHA256 + "  a\n" + hiSHA256 + " *a\n",
		"missing": hiSHA256 + "  nope\n",
		"junk":    "junk\n",
		"tagged":  "SHA256 (a) = " + hiSHA256 + "\n",
		`x\y`:     "",
		// one blank between hash and name, as BSD's md5 -r writes
		"bsd":   hiSHA1 + " a\n" + hiSHA1 + "  b\n",
		"gnu1":  hiSHA1 + "  a\n" + hiSHA1 + " a\n",
		"tab":   "  " + hiSHA1 + "\ta\n",
		"starx": hiSHA1 + " *a\n",
		"*a":    "hi\n",
	}
	runDataCases(t, files, []dataCase{
		{args: "sha1sum -c bsd", out: "a: OK\n b: FAILED open or read\n", err: "sha1sum: ' b': No such file or directory\nsha1sum: WARNING: 1 listed file could not be read\n", status: 1},
		{args: "sha1sum -c gnu1", out: "a: OK\n", err: "sha1sum: WARNING: 1 line is improperly formatted\n"},
		{args: "sha1sum -c --strict gnu1", out: "a: OK\n", err: "sha1sum: WARNING: 1 line is improperly formatted\n", status: 1},
		{args: "sha1sum -c -w gnu1", out: "a: OK\n", err: "sha1sum: gnu1: 2: improperly formatted SHA1 checksum line\nsha1sum: WARNING: 1 line is improperly formatted\n"},
		{args: "sha1sum -c tab", out: "a: OK\n"},
		{args: "sha1sum -c starx", out: "a: OK\n"},
		{args: "sha256sum a", out: hiSHA256 + "  a\n"},
		{args: "md5sum -b a", out: hiMD5 + " *a\n"},
		{args: "sha1sum", stdin: "hi\n", out: hiSHA1 + "  -\n"},
		{args: "sha1sum -", stdin: "hi\n", out: hiSHA1 + "  -\n"},
		{args: "sha1sum a -", stdin: "hi\n", out: hiSHA1 + "  a\n" + hiSHA1 + "  -\n"},
		{args: "sha512sum -t a", out: "d78abb0542736865f94704521609c230dac03a2f369d043ac212d6933b91410e06399e37f9c5cc88436a31737330c1c8eccb2c2f9f374d62f716432a32d50fac  a\n"},
		{args: "sha256sum --tag a", out: "SHA256 (a) = " + hiSHA256 + "\n"},
		{args: `md5sum x\y`, out: `\` + emptyMD5 + `  x\\y` + "\n"},
		{args: "sha256sum -z a", out: hiSHA256 + "  a\x00"},
		{args: "sha256sum -c good", out: "a: OK\na: OK\n"},
		{args: "sha256sum -c tagged", out: "a: OK\n"},
		{args: "sha256sum --check", stdin: hiSHA256 + "  a\n", out: "a: OK\n"},
		{args: "sha256sum -c sums", out: "a: OK\nb: FAILED\n", err: "sha256sum: WARNING: 1 line is improperly formatted\nsha256sum: WARNING: 1 computed checksum did NOT match\n", status: 1},
		{args: "sha256sum -c --quiet sums", out: "b: FAILED\n", err: "sha256sum: WARNING: 1 line is improperly formatted\nsha256sum: WARNING: 1 computed checksum did NOT match\n", status: 1},
		{args: "sha256sum -c --status sums", status: 1},
		{args: "sha256sum -c --status good"},
		{args: "sha256sum -c -w sums", out: "a: OK\nb: FAILED\n", err: "sha256sum: sums: 3: improperly formatted SHA256 checksum line\nsha256sum: WARNING: 1 line is improperly formatted\nsha256sum: WARNING: 1 computed checksum did NOT match\n", status: 1},
		{args: "sha256sum -c missing", out: "nope: FAILED open or read\n", err: "sha256sum: nope: No such file or directory\nsha256sum: WARNING: 1 listed file could not be read\n", status: 1},
		{args: "sha256sum -c --ignore-missing missing", err: "sha256sum: missing: no file was verified\n", status: 1},
		{args: "sha256sum -c junk", err: "sha256sum: junk: no properly formatted checksum lines found\n", status: 1},
		{args: "sha256sum nope", err: "sha256sum: nope: No such file or directory\n", status: 1},
		{args: "sha256sum --quiet a", err: "sha256sum: the --quiet option is meaningful only when verifying checksums\nTry 'sha256sum --help' for more information.\n", status: 1},
	})
}
