package coreutils

// xz -l: the streams, blocks and sizes of .xz files, read from each
// stream's footer and index (the data is not decompressed), in xz 5.4's
// layout.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"strings"
)

// xzInfo is what xz -l says of a file.
type xzInfo struct {
	streams, blocks      int64
	compressed, unpacked int64
	checks               []string
}

var errXzCorrupt = errors.New("corrupt")

// xzIndexInfo walks the streams of data from the end: stream padding,
// footer, index, blocks, header.
func xzIndexInfo(data []byte) (xzInfo, error) {
	info := xzInfo{compressed: int64(len(data))}
	end := len(data)
	for end > 0 {
		for end >= 4 && binary.LittleEndian.Uint32(data[end-4:]) == 0 {
			end -= 4 // stream padding
		}
		if end < 24 || string(data[end-2:end]) != "YZ" {
			return info, errXzCorrupt
		}
		footer := data[end-12 : end]
		if crc32.ChecksumIEEE(footer[4:10]) != binary.LittleEndian.Uint32(footer) {
			return info, errXzCorrupt
		}
		indexSize := (int(binary.LittleEndian.Uint32(footer[4:])) + 1) * 4
		if indexSize > end-24 {
			return info, errXzCorrupt
		}
		index := data[end-12-indexSize : end-12]
		if index[0] != 0 || crc32.ChecksumIEEE(index[:len(index)-4]) != binary.LittleEndian.Uint32(index[len(index)-4:]) {
			return info, errXzCorrupt
		}
		rest := index[1 : len(index)-4]
		count, n := binary.Uvarint(rest)
		if n <= 0 || count > uint64(len(rest)) {
			return info, errXzCorrupt
		}
		rest = rest[n:]
		var blocksSize int64
		for range count {
			unpadded, n1 := binary.Uvarint(rest)
			if n1 <= 0 {
				return info, errXzCorrupt
			}
			size, n2 := binary.Uvarint(rest[n1:])
			if n2 <= 0 || unpadded > uint64(len(data)) || size > 1<<62 {
				return info, errXzCorrupt
			}
			rest = rest[n1+n2:]
			blocksSize += (int64(unpadded) + 3) &^ 3
			info.unpacked += int64(size)
		}
		start := end - 12 - indexSize - int(blocksSize) - 12
		if start < 0 || string(data[start:start+6]) != "\xfd7zXZ\x00" || data[start+7] != footer[9] {
			return info, errXzCorrupt
		}
		check := map[byte]string{0: "None", 1: "CRC32", 4: "CRC64", 10: "SHA-256"}[footer[9]&0xf]
		if check == "" {
			check = fmt.Sprintf("Unknown-%d", footer[9]&0xf)
		}
		if !slices.Contains(info.checks, check) {
			info.checks = append(info.checks, check)
		}
		info.streams++
		info.blocks += int64(count)
		end = start
	}
	if info.streams == 0 {
		return info, errXzCorrupt
	}
	slices.SortFunc(info.checks, func(a, b string) int { return xzCheckOrder(a) - xzCheckOrder(b) })
	return info, nil
}

func xzCheckOrder(name string) int {
	return slices.Index([]string{"None", "CRC32", "CRC64", "SHA-256"}, name)
}

// xzListData prints xz -l's line for the file name holding data.
func (o *squeezeRun) xzListData(name, _ string, data []byte) {
	if len(data) < 24 { // a stream header and footer
		o.say(word{"%s: %s: Too small to be a valid .xz file", 1}, name)
		return
	}
	if string(data[:6]) != "\xfd7zXZ\x00" {
		o.say(o.cd.words.notFormat, name)
		return
	}
	info, err := xzIndexInfo(data)
	if err != nil {
		o.say(o.cd.words.corrupt, name)
		return
	}
	if o.listed == 0 {
		fmt.Fprintln(o.c.Stdout, "Strms  Blocks   Compressed Uncompressed  Ratio  Check   Filename")
	}
	o.listed++
	o.xzTotal.streams += info.streams
	o.xzTotal.blocks += info.blocks
	o.xzTotal.compressed += info.compressed
	o.xzTotal.unpacked += info.unpacked
	for _, ck := range info.checks {
		if !slices.Contains(o.xzTotal.checks, ck) {
			o.xzTotal.checks = append(o.xzTotal.checks, ck)
		}
	}
	fmt.Fprintf(o.c.Stdout, "%5d %7d  %11s  %11s  %5s  %-7s %s\n", info.streams, info.blocks,
		xzSize(info.compressed), xzSize(info.unpacked), xzListRatio(info), strings.Join(info.checks, ","), name)
}

// xzListTotals prints xz -l's totals, after two files or more.
func (o *squeezeRun) xzListTotals() {
	t := o.xzTotal
	slices.SortFunc(t.checks, func(a, b string) int { return xzCheckOrder(a) - xzCheckOrder(b) })
	fmt.Fprintf(o.c.Stdout, "%s\n%5d %7d  %11s  %11s  %5s  %-7s %d files\n", strings.Repeat("-", 79), t.streams, t.blocks,
		xzSize(t.compressed), xzSize(t.unpacked), xzListRatio(t), strings.Join(t.checks, ","), o.listed)
}

// xzListRatio is the ratio column: compressed over uncompressed, "---"
// past 9.999.
func xzListRatio(info xzInfo) string {
	if info.unpacked == 0 {
		return "---"
	}
	r := float64(info.compressed) / float64(info.unpacked)
	if r > 9.999 {
		return "---"
	}
	return fmt.Sprintf("%.3f", r)
}
