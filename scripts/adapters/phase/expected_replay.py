#!/usr/bin/env python3
"""Compare a `battlecheck replay --engine-cmd ... --format json` report of
engine/scenarios on phase.rs with expected-replay.json.

    python expected_replay.py REPORT.json [--expected FILE] [--update]

expected-replay.json records, for every scenario file, what the replay
through the adapter gives and why:

* `outcome`: `pass`, `fail` (it ran; some expectations failed) or `error`
  (it could not be set up, or it stopped: the adapter names the phase limit);
* `steps`: for `fail`, the steps whose expectations failed;
* `error`: for `error`, the adapter's message (the first line);
* `verdict`: why it does not pass: `fails-with-finding F6` (a finding of
  FINDINGS.md), `phase-limit: <what>`, `candidate: <what>` (a divergence
  suspected of phase, not confirmed: no reproducer), `adapter-limit: <what>`
  (a mapping the adapter does not make) or `unclassified: <what>` (not yet
  traced to either side); several, joined by "; ".

Exit 0 if every scenario's outcome, failing steps and error are as recorded,
every scenario that does not pass has a verdict, none of them `candidate` or
`unclassified` (a failure not traced to a finding, a phase limit or an
adapter limit), and every finding a verdict names has its scenario in
findings/; 1 otherwise (a new failure, or a known failure gone: update the
file and its verdicts). The verdicts are tallied by kind. `--update` rewrites the outcomes from the report, keeping each
verdict (a scenario whose outcome changed loses its verdict: "unclassified").
"""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def error_line(message):
    """The adapter's own message of a replay error (stable across runs)."""
    m = re.sub(r"\n.*", "", message, flags=re.S)
    m = re.sub(r".*the engine answered '(\w+)' with an error: ", r"\1: ", m)
    m = re.sub(r".*the engine failed: engine `[^`]*`: ", "", m)
    return m.strip()


def outcomes(report):
    out = {}
    for r in report:
        name = os.path.basename(r["file"])
        if "error" in r:
            out[name] = {"outcome": "error", "error": error_line(r["error"])}
        elif r.get("skipped"):
            out[name] = {"outcome": "error", "error": f"not run: {r['skipped']}"}
        elif r.get("failures"):
            out[name] = {"outcome": "fail", "steps": sorted({f["step"] for f in r["failures"]})}
        else:
            out[name] = {"outcome": "pass"}
    return out


def same(want, got):
    return {k: want.get(k) for k in ("outcome", "steps", "error")} == \
        {k: got.get(k) for k in ("outcome", "steps", "error")}


def verdict_parts(entry):
    """The kinds and texts of a scenario's verdict ("; "-separated parts;
    a part that continues the previous one's text keeps its kind)."""
    parts, kind = [], None
    for part in entry.get("verdict", "").split("; "):
        m = re.match(r"(fails-with-finding|phase-limit|adapter-limit|candidate|unclassified)\b", part)
        if m:
            kind = m.group(1)
        if kind:
            parts.append((kind, part))
    return parts


def verdict_kinds(want):
    """How many scenarios that do not pass name each kind of verdict."""
    kinds = {}
    for e in want.values():
        if e.get("outcome") != "pass":
            for kind in {k for k, _ in verdict_parts(e)}:
                kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def verdict_problems(want):
    """Scenarios whose failure is not traced, or that name a finding with no
    scenario in findings/."""
    findings = {int(m.group(1)) for f in os.listdir(os.path.join(HERE, "findings"))
                if (m := re.match(r"f(\d+)-", f))}
    out = []
    for name, e in sorted(want.items()):
        if e.get("outcome") == "pass":
            continue
        parts = verdict_parts(e)
        if not parts:
            out.append(f"{name}: fails, with no verdict")
        for kind, text in parts:
            if kind in ("candidate", "unclassified"):
                out.append(f"{name}: {kind}: not traced to a finding, a phase limit or an adapter limit")
            for n in re.findall(r"\bF(\d+)\b", text) if kind == "fails-with-finding" else []:
                if int(n) not in findings:
                    out.append(f"{name}: names F{n}, which has no scenario in findings/")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("report")
    ap.add_argument("--expected", default=os.path.join(HERE, "expected-replay.json"))
    ap.add_argument("--update", action="store_true")
    args = ap.parse_args(argv)
    with open(args.report) as f:
        got = outcomes(json.load(f))
    try:
        with open(args.expected) as f:
            doc = json.load(f)
    except FileNotFoundError:
        doc = {"scenarios": {}}
    want = doc.get("scenarios", {})
    if args.update:
        new = {}
        for name, g in sorted(got.items()):
            w = want.get(name, {})
            entry = dict(g)
            if g["outcome"] != "pass":
                entry["verdict"] = w.get("verdict", "unclassified: not traced") if same(w, g) or \
                    w.get("outcome") == g["outcome"] else "unclassified: not traced"
            new[name] = entry
        doc["scenarios"] = new
        counts = {}
        for e in new.values():
            counts[e["outcome"]] = counts.get(e["outcome"], 0) + 1
        doc["counts"] = counts
        with open(args.expected, "w") as f:
            json.dump(doc, f, indent=1, sort_keys=False)
            f.write("\n")
        print(f"wrote {args.expected}: {counts}")
        return 0
    bad = []
    for name in sorted(set(got) | set(want)):
        g, w = got.get(name), want.get(name)
        if g is None:
            bad.append(f"{name}: recorded, but not in the replay")
        elif w is None:
            bad.append(f"{name}: new scenario, {g['outcome']} (not recorded)")
        elif not same(w, g):
            bad.append(f"{name}: expected {json.dumps({k: w.get(k) for k in ('outcome', 'steps', 'error') if w.get(k) is not None})}"
                       f"\n    got {json.dumps({k: v for k, v in g.items()})}")
    bad += verdict_problems(want)
    counts = {}
    for g in got.values():
        counts[g["outcome"]] = counts.get(g["outcome"], 0) + 1
    summary = ", ".join(f"{counts.get(k, 0)} {k}" for k in ("pass", "fail", "error"))
    summary += "; verdicts: " + ", ".join(f"{n} {k}" for k, n in sorted(verdict_kinds(want).items()))
    if bad:
        for b in bad:
            print(f"FAILED: {b}")
        print(f"{len(bad)} scenario(s) differ from {os.path.basename(args.expected)} ({summary})")
        return 1
    print(f"{len(got)} scenarios as recorded ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
