"""Not a test by itself: checks that a file holds a SARIF 2.1.0 log with the
properties the 2.1.0 schema requires (and the ones casc promises), then
prints one line per result for FileCheck:
  LEVEL URI:LINE[:COL] MESSAGE [related: URI:LINE[:COL] MESSAGE; ...]
No network and no jsonschema package: the rules are written out here."""
import json
import re
import sys

# RFC 3986 URI-reference characters (after percent-encoding).
URI = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$")
LEVELS = {"none", "note", "warning", "error"}


def fail(msg):
    sys.exit(f"invalid SARIF: {msg}")


def need(obj, key, kind, where):
    if not isinstance(obj, dict) or key not in obj:
        fail(f"{where}: missing '{key}'")
    if not isinstance(obj[key], kind):
        fail(f"{where}.{key}: expected {kind.__name__}")
    return obj[key]


def place(loc, where):
    phys = need(loc, "physicalLocation", dict, where)
    art = need(phys, "artifactLocation", dict, where + ".physicalLocation")
    uri = need(art, "uri", str, where + ".artifactLocation")
    if not URI.match(uri):
        fail(f"{where}: '{uri}' is not a URI reference")
    text = uri
    if "region" in phys:
        region = phys["region"]
        line = need(region, "startLine", int, where + ".region")
        if line < 1:
            fail(f"{where}: startLine {line} < 1")
        text += f":{line}"
        if "startColumn" in region:
            col = need(region, "startColumn", int, where + ".region")
            if col < 1:
                fail(f"{where}: startColumn {col} < 1")
            text += f":{col}"
    return text


with open(sys.argv[1]) as f:
    log = json.load(f)
if need(log, "version", str, "log") != "2.1.0":
    fail("version is not 2.1.0")
runs = need(log, "runs", list, "log")
if len(runs) != 1:
    fail(f"{len(runs)} runs, expected 1")
driver = need(need(runs[0], "tool", dict, "run"), "driver", dict, "tool")
print("driver", need(driver, "name", str, "driver"),
      need(driver, "version", str, "driver"))
rules = need(driver, "rules", list, "driver")
for i, rule in enumerate(rules):
    need(rule, "id", str, f"rules[{i}]")
for i, res in enumerate(need(runs[0], "results", list, "run")):
    where = f"results[{i}]"
    text = need(need(res, "message", dict, where), "text", str, where)
    level = res.get("level", "warning")
    if level not in LEVELS:
        fail(f"{where}: level '{level}'")
    if "ruleIndex" in res:
        k = res["ruleIndex"]
        if not isinstance(k, int) or not 0 <= k < len(rules):
            fail(f"{where}: ruleIndex {k} outside rules")
        if res.get("ruleId", rules[k]["id"]) != rules[k]["id"]:
            fail(f"{where}: ruleId does not name rules[{k}]")
    locs = [place(l, f"{where}.locations[{j}]")
            for j, l in enumerate(res.get("locations", []))]
    related = []
    ids = set()
    for j, r in enumerate(res.get("relatedLocations", [])):
        rid = need(r, "id", int, f"{where}.relatedLocations[{j}]")
        if rid < 0 or rid in ids:
            fail(f"{where}: relatedLocations id {rid}")
        ids.add(rid)
        msg = need(need(r, "message", dict, where), "text", str, where)
        related.append(place(r, f"{where}.relatedLocations[{j}]") + " " + msg)
    line = f"{level} {' '.join(locs) or '(no location)'} {text}"
    if related:
        line += " [related: " + "; ".join(related) + "]"
    print(line)
print("sarif ok")
