// Package csvcell keeps CSV exports safe to open in a spreadsheet.
package csvcell

import "strings"

// Safe neutralises spreadsheet formulas in place: a cell starting with
// = + - @ (or a tab or carriage return) gets a leading apostrophe, so
// opening the export never runs anything. It returns cells.
func Safe(cells []string) []string {
	for i, c := range cells {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			cells[i] = "'" + c
		}
	}
	return cells
}
