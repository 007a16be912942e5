package coreutils

import (
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

func TestUuencode(t *testing.T) {
	t.Parallel()
	files := map[string]string{"/work/hw": "hello world\n", "/work/bin": "\x00\x01\x02\xff\xfe" + "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP"}
	runCasesFresh(t, files, []cmdCase{
		{Args: []string{"uuencode", "hw", "name"}, Out: "begin 644 name\n,:&5L;&\\@=V]R;&0*\n`\nend\n"},
		{Args: []string{"uuencode", "-m", "hw", "name"}, Out: "begin-base64 644 name\naGVsbG8gd29ybGQK\n====\n"},
		{Args: []string{"uuencode", "x"}, Stdin: "hi", Out: "begin 644 x\n\":&D`\n`\nend\n"},
		{Args: []string{"uuencode", "--base64", "e"}, Out: "begin-base64 644 e\n====\n"},
		{Args: []string{"uuencode", "bin", "b"}, Out: "begin 644 b\nM``$\"__XP,3(S-#4V-S@Y86)C9&5F9VAI:FML;6YO<'%R<W1U=G=X>7I!0D-$\n,149'2$E*2TQ-3D]0\n`\nend\n"},
		{Args: []string{"uuencode", "-m", "bin", "b"}, Out: "begin-base64 644 b\nAAEC//4wMTIzNDU2Nzg5YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXpBQkNE\nRUZHSElKS0xNTk9Q\n====\n"},
	})
}

func TestUudecode(t *testing.T) {
	t.Parallel()
	const noNewline = "sharutils 4.15 ends these two messages without a newline; moonix ends every message with one"
	runCasesFresh(t, nil, []cmdCase{
		{Args: []string{"uudecode", "-o", "-"}, Stdin: "junk\nbegin 644 name\n,:&5L;&\\@=V]R;&0*\n`\nend\n", Out: "hello world\n"},
		{Args: []string{"uudecode", "-o", "/dev/stdout"}, Stdin: "begin-base64 600 z\naGVsbG8gd29ybGQK\n====\n", Out: "hello world\n"},
		differs(noNewline, cmdCase{Args: []string{"uudecode", "-o", "-"}, Stdin: "begin 644 z\n,:&5L;&\\@=V]R;&0*\n", Out: "hello world\n", Err: "uudecode fatal error:\nstandard input: Short file\n", Status: 2}),
		{Args: []string{"uudecode"}, Stdin: "garbage\n", Err: "uudecode fatal error:\nstandard input: Invalid or missing 'begin' line\n", Status: 2},
		differs(noNewline, cmdCase{Args: []string{"uudecode", "-o", "-"}, Stdin: "begin-base64 600 zz\naGVsbG8g!!d29ybGQK\n====\n", Err: "uudecode fatal error:\nstandard input: invalid input\n", Status: 2}),
		{Args: []string{"uudecode", "nofile"}, Err: "uudecode: nofile: No such file or directory\n", Status: 4},
	})
	fsys := testTree(t)
	runCases(t, fsys, []cmdCase{
		{Args: []string{"uudecode"}, Stdin: "begin-base64 600 out.txt\naGVsbG8gd29ybGQK\n====\n"},
	})
	if got, _ := vfs.ReadFile(fsys, "/work/out.txt"); string(got) != "hello world\n" {
		t.Errorf("decoded %q", got)
	}
	if info, err := fsys.Stat("/work/out.txt"); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("decoded file: %v %v, want mode 0600", info, err)
	}
}
