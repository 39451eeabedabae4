package accounts

import "strings"

// Device is what a User-Agent says of the browser and its system, as a
// person would name them ("Chrome", "macOS"); empty where it names none
// this reads (a script, a new browser).
type Device struct {
	Browser string
	OS      string
	// Mobile is a phone's or tablet's browser.
	Mobile bool
}

// ParseUserAgent names the browser and system of a User-Agent. It reads
// the tokens browsers have sent for years, in the order that tells them
// apart (Edge and Opera also say Chrome; Chrome also says Safari).
func ParseUserAgent(ua string) Device {
	var d Device
	has := func(tokens ...string) bool {
		for _, t := range tokens {
			if strings.Contains(ua, t) {
				return true
			}
		}
		return false
	}
	switch {
	case has("Edg/", "EdgA/", "EdgiOS/"):
		d.Browser = "Edge"
	case has("OPR/", "OPiOS/", "Opera"):
		d.Browser = "Opera"
	case has("SamsungBrowser/"):
		d.Browser = "Samsung Internet"
	case has("Firefox/", "FxiOS/"):
		d.Browser = "Firefox"
	case has("Chrome/", "CriOS/", "Chromium/"):
		d.Browser = "Chrome"
	case has("Safari/") && has("Version/"):
		d.Browser = "Safari"
	}
	switch {
	case has("iPad"):
		d.OS, d.Mobile = "iPadOS", true
	case has("iPhone", "iPod"):
		d.OS, d.Mobile = "iOS", true
	case has("Android"):
		d.OS, d.Mobile = "Android", true
	case has("Windows"):
		d.OS = "Windows"
	case has("CrOS"):
		d.OS = "ChromeOS"
	case has("Macintosh", "Mac OS X"):
		d.OS = "macOS"
	case has("Linux", "X11"):
		d.OS = "Linux"
	}
	if d.OS != "" && has("Mobile") && d.OS != "Windows" && d.OS != "macOS" {
		d.Mobile = true
	}
	return d
}

// String names the device as a person would ("Safari on iOS"), for a mail
// that says where a request came from.
func (d Device) String() string {
	switch {
	case d.Browser != "" && d.OS != "":
		return d.Browser + " on " + d.OS
	case d.Browser != "":
		return d.Browser
	case d.OS != "":
		return "a browser on " + d.OS
	}
	return "an unknown browser"
}
