"""Runs every native reproducer (fNN_*.py beside this file) and prints a table.

  target/phase-venv/bin/python scripts/adapters/phase/native/run.py [--findings DIR] [--json FILE]

Each reproducer drives phase through its own Python API only and exits 0
(CONFIRMED: phase deviates), 1 (NOT REPRODUCED: phase follows the rules) or 2
(the script failed). Exit status: 2 if any reproducer errs; with --findings
DIR, 1 unless the findings with a scenario in DIR (fNN-*.json) are exactly
those whose reproducer prints CONFIRMED; else 0.
"""

import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULT = {0: "CONFIRMED", 1: "NOT REPRODUCED"}


def finding_id(name):
    m = re.match(r"f(\d+)[_-]", name)
    return f"F{int(m.group(1))}" if m else None


def main(argv):
    findings = argv[argv.index("--findings") + 1] if "--findings" in argv else None
    out_json = argv[argv.index("--json") + 1] if "--json" in argv else None
    rows, errors = [], 0
    for script in sorted(f for f in os.listdir(HERE) if re.match(r"f\d+_.*\.py$", f)):
        try:
            p = subprocess.run([sys.executable, os.path.join(HERE, script)], capture_output=True,
                               text=True, timeout=300)
            rc, text = p.returncode, (p.stdout.strip().splitlines() or [""])[-1]
            if rc not in RESULT:
                text = (text + " " + p.stderr.strip()[-400:]).strip()
        except subprocess.TimeoutExpired:
            rc, text = 2, "ERROR: timed out"
        result = RESULT.get(rc, "ERROR")
        errors += result == "ERROR"
        rows.append({"finding": finding_id(script), "script": script, "result": result, "line": text})
    width = max(len(r["script"]) for r in rows)
    print(f"{'finding':8} {'reproducer':{width}}  result")
    for r in rows:
        print(f"{r['finding']:8} {r['script']:{width}}  {r['result']}")
        print(f"{'':8} {'':{width}}  {r['line']}")
    if out_json:
        with open(out_json, "w") as f:
            json.dump(rows, f, indent=1)
    status = 2 if errors else 0
    if findings is not None:
        claimed = {finding_id(f) for f in os.listdir(findings) if f.endswith(".json")} - {None}
        confirmed = {r["finding"] for r in rows if r["result"] == "CONFIRMED"}
        ids = lambda s: ", ".join(sorted(s, key=lambda x: int(x[1:]))) or "none"  # noqa: E731
        if claimed == confirmed:
            print(f"ok: the findings in {os.path.basename(findings)}/ ({ids(claimed)}) are exactly those "
                  f"a native reproducer confirms")
        else:
            status = status or 1
            if claimed - confirmed:
                print(f"FAILED: a finding in {os.path.basename(findings)}/ has no confirming native reproducer: "
                      f"{ids(claimed - confirmed)}")
            if confirmed - claimed:
                print(f"FAILED: a native reproducer confirms a finding with no scenario in "
                      f"{os.path.basename(findings)}/: {ids(confirmed - claimed)}")
    if errors:
        print(f"FAILED: {errors} reproducer(s) could not run")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
