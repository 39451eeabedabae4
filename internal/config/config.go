// Package config loads a service's typed configuration from environment
// variables with a per-service prefix, defaults declared on the struct.
package config

import (
	"fmt"
	"log/slog"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Load fills the exported fields of the struct dst points to. A field tagged
// `env:"DB_URL"` reads PREFIX_DB_URL, falling back to its `default:"…"` tag;
// a field tagged `required:"true"` must end up non-empty. Supported kinds:
// string, bool, int, int64, float64, time.Duration and []string (comma
// separated).
func Load(prefix string, dst any) error {
	return load(prefix, dst, os.LookupEnv)
}

func load(prefix string, dst any, lookup func(string) (string, bool)) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("config: Load needs a pointer to a struct, got %T", dst)
	}
	var problems []string
	loadStruct(prefix, v.Elem(), lookup, &problems)
	if len(problems) > 0 {
		return fmt.Errorf("config: %s", strings.Join(problems, "; "))
	}
	return nil
}

// loadStruct fills v's tagged fields, descending into embedded structs so
// settings every service shares can be declared once.
func loadStruct(prefix string, v reflect.Value, lookup func(string) (string, bool), problems *[]string) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			loadStruct(prefix, v.Field(i), lookup, problems)
			continue
		}
		name, ok := f.Tag.Lookup("env")
		if !ok || !f.IsExported() {
			continue
		}
		key := prefix + "_" + name
		raw, set := lookup(key)
		if !set {
			raw = f.Tag.Get("default")
		}
		if raw == "" && f.Tag.Get("required") == "true" {
			*problems = append(*problems, key+" is required")
			continue
		}
		if err := setField(v.Field(i), raw); err != nil {
			*problems = append(*problems, fmt.Sprintf("%s: %v", key, err))
		}
	}
}

var durationType = reflect.TypeFor[time.Duration]()

func setField(fv reflect.Value, raw string) error {
	if fv.Type() == durationType {
		if raw == "" {
			fv.SetInt(0)
			return nil
		}
		d, err := time.ParseDuration(raw)
		if err != nil {
			return fmt.Errorf("not a duration (like 30s or 5m): %q", raw)
		}
		fv.SetInt(int64(d))
		return nil
	}
	switch fv.Kind() {
	case reflect.String:
		fv.SetString(raw)
	case reflect.Bool:
		if raw == "" {
			fv.SetBool(false)
			return nil
		}
		b, err := strconv.ParseBool(raw)
		if err != nil {
			return fmt.Errorf("not a boolean: %q", raw)
		}
		fv.SetBool(b)
	case reflect.Int, reflect.Int64:
		if raw == "" {
			fv.SetInt(0)
			return nil
		}
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return fmt.Errorf("not an integer: %q", raw)
		}
		fv.SetInt(n)
	case reflect.Float64:
		if raw == "" {
			fv.SetFloat(0)
			return nil
		}
		x, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			return fmt.Errorf("not a number: %q", raw)
		}
		fv.SetFloat(x)
	case reflect.Slice:
		if fv.Type().Elem().Kind() != reflect.String {
			return fmt.Errorf("unsupported slice type %s", fv.Type())
		}
		var items []string
		for _, s := range strings.Split(raw, ",") {
			if s = strings.TrimSpace(s); s != "" {
				items = append(items, s)
			}
		}
		fv.Set(reflect.ValueOf(items))
	default:
		return fmt.Errorf("unsupported field type %s", fv.Type())
	}
	return nil
}

// LogValue renders the configuration for a start-up log line with every
// field tagged `secret:"true"` masked, and passwords in URLs hidden. A
// field tagged `secret:"userinfo"` holds URLs (comma separated) whose whole
// user part may be a secret, such as a NATS token: it is hidden too.
func LogValue(prefix string, cfg any) slog.Value {
	return slog.GroupValue(logAttrs(prefix, reflect.Indirect(reflect.ValueOf(cfg)))...)
}

func logAttrs(prefix string, v reflect.Value) []slog.Attr {
	t := v.Type()
	attrs := make([]slog.Attr, 0, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			attrs = append(attrs, logAttrs(prefix, v.Field(i))...)
			continue
		}
		name, ok := f.Tag.Lookup("env")
		if !ok || !f.IsExported() {
			continue
		}
		val := fmt.Sprint(v.Field(i).Interface())
		switch f.Tag.Get("secret") {
		case "true":
			if val != "" {
				val = "***"
			}
		case "userinfo":
			val = maskURLUserinfo(val)
		default:
			val = maskURLPassword(val)
		}
		attrs = append(attrs, slog.String(prefix+"_"+name, val))
	}
	return attrs
}

// maskURLUserinfo hides the user part of each scheme://userinfo@host URL in
// a comma-separated list.
func maskURLUserinfo(s string) string {
	urls := strings.Split(s, ",")
	for i, u := range urls {
		scheme := strings.Index(u, "://")
		at := strings.LastIndex(u, "@")
		if scheme >= 0 && at > scheme {
			urls[i] = u[:scheme+3] + "***" + u[at:]
		}
	}
	return strings.Join(urls, ",")
}

// maskURLPassword hides the password of scheme://user:password@host URLs.
func maskURLPassword(s string) string {
	scheme := strings.Index(s, "://")
	at := strings.LastIndex(s, "@")
	if scheme < 0 || at < scheme {
		return s
	}
	userinfo := s[scheme+3 : at]
	colon := strings.Index(userinfo, ":")
	if colon < 0 {
		return s
	}
	return s[:scheme+3] + userinfo[:colon] + ":***" + s[at:]
}
