#!/usr/bin/env python3
"""The conformance matrix: checklist item x engine, the way test262 and wpt
report browsers.

    python3 scripts/matrix/matrix.py --battlecheck BIN \\
        --engine LABEL=CMD [--native LABEL=PYTHON] ... \\
        [--rerun LABEL,...] [--jobs N] [--check] [--save-replay LABEL=FILE]

For every engine given (a label and the command line of a process that
speaks battlecheck's engine protocol, engine/PROTOCOL.md), it runs

  * `battlecheck probe-engine` at every preset: which presets the engine can
    express;
  * `battlecheck replay` of engine/scenarios/, of the phase adapter's
    findings/ and agrees/;
  * `battlecheck replay` of the `battlecheck suite` files of every preset the
    engine expresses (generated once into target/matrix/suite/, not kept);
  * `battlecheck conform` (unmasked, stops at the first divergence) at the
    presets of --conform-presets the engine expresses;
  * for an engine with `--native LABEL=PYTHON` (phase.rs): the native
    reproducers scripts/adapters/phase/native/fNN_*.py (through native/run.py)
    and the candidates cNN_*.py, with that Python.

Each engine's results go to scripts/matrix/results/<label>.json; the table is
rendered from the results of every engine given, in the order given, to
scripts/matrix/MATRIX.md and scripts/matrix/matrix.html. An engine left out
of --rerun is not run: its committed results are used. Nothing written
depends on time, timing or the machine (the commands are not recorded, only
what the engine says in its hello), so a rerun on the same inputs writes the
same bytes.

--check writes nothing: it renders into memory and exits 1 (printing a diff)
if MATRIX.md, matrix.html or a rerun engine's results differ from the files
in the tree. --save-replay LABEL=FILE writes the `replay --format json`
reports of engine/scenarios on that (rerun) engine to FILE, as
`battlecheck replay` gives them: scripts/adapters/phase/check.sh reads them
(PHASE_REPLAY_REPORT) instead of replaying the same files again. Standard
library only.
"""

import argparse
import concurrent.futures
import difflib
import hashlib
import html
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PHASE = "scripts/adapters/phase"
SCENARIO_DIRS = ["engine/scenarios", f"{PHASE}/findings", f"{PHASE}/agrees"]
NATIVE_DIR = f"{PHASE}/native"
PRESETS = ["default", "deep", "duel", "copies", "mimic", "tiny", "table", "attack-left", "attack-right",
           "range-1", "two-headed-giant", "gobakhan", "zilortha", "reselect", "evasion", "deathtouch",
           "double-strike", "damage-bonus"]
# `battlecheck suite --preset deep` takes minutes (a full exploration): left out by default
SUITE_PRESETS = [p for p in PRESETS if p != "deep"]
# conform explores the whole model where the engine conforms: the presets
# whose full exploration takes seconds on battlecheck's own engine
CONFORM_PRESETS = ["tiny", "duel", "table", "copies", "zilortha", "evasion", "deathtouch",
                   "double-strike", "damage-bonus"]
ENGINE_TIMEOUT = "60"
RESULTS_VERSION = 1

PASS, FAIL, NE, ERR, NONE = "pass", "fail", "not expressible", "error", "none"


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def slug(label):
    return re.sub(r"[^A-Za-z0-9.]+", "-", label).strip("-").lower()


def version_key(label):
    return [int(x) if x.isdigit() else x for x in re.split(r"(\d+)", label)]


# ----------------------------------------------------------------------
# running


class Engine:
    def __init__(self, label, cmd, native=None):
        self.label, self.cmd, self.native = label, cmd, native


def clean(text, eng):
    """An engine's message without its command line, the protocol transcript
    or anything else that names this machine."""
    text = text.replace(eng.cmd, "ENGINE")
    text = re.sub(r"engine `[^`]*`: ", "", text)
    text = text.split("\n  last request sent")[0]
    text = text.replace(ROOT + "/", "")
    text = re.sub(r"\s+", " ", text).strip()
    return text[:400] + (" …" if len(text) > 400 else "")


def run(cmd, timeout=1800, **kw):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout, **kw)


def first_failure(f):
    what = f.get("what", "")
    if "expected" in f or "actual" in f:
        return f"step {f.get('step')}: {what}: expected {f.get('expected')}, got {f.get('actual')}"
    return f"step {f.get('step')}: {what}"


def declined(msg):
    """An engine's error that declines a position or a step it cannot
    express (a feature it does not announce, an answer `error`), as opposed
    to a failure of the engine process (a crash, a malformed answer, a
    timeout), a panic inside the engine, or the adapter failing to carry
    out a decision it should take (an error of the instrument, not a limit
    of the engine)."""
    if "panicked" in msg or "the adapter failed on this decision" in msg:
        return False
    return bool("needs the optional feature" in msg or re.search(r"answered '\w+' with an error", msg))


def replay_cases(bc, eng, paths, save=None):
    """Every scenario of `paths`: {file: {status, detail}}. With `save`, the
    reports of the files of engine/scenarios are also written there, raw."""
    if not paths:
        return {}
    p = run([bc, "replay", "--engine-cmd", eng.cmd, "--engine-timeout", ENGINE_TIMEOUT, "--format", "json",
             "--allow-skipped", "--allow-empty"] + paths)
    try:
        reports = json.loads(p.stdout)
    except ValueError:
        msg = clean((p.stderr or p.stdout or "no output").strip().splitlines()[-1], eng)
        return {f"{d}/": {"status": ERR, "detail": f"replay gave no report: {msg}"} for d in paths}
    if save:
        mine = [r for r in reports
                if os.path.relpath(os.path.join(ROOT, r["file"]), ROOT).startswith("engine/scenarios/")]
        os.makedirs(os.path.dirname(os.path.abspath(save)), exist_ok=True)
        with open(save, "w") as f:
            json.dump(mine, f, indent=1)
    out = {}
    for r in reports:
        f = os.path.relpath(os.path.join(ROOT, r["file"]), ROOT) if not r["file"].startswith("/") else r["file"]
        if "error" in r:
            msg = r["error"]
            msg = msg.split(": the engine failed: ", 1)[-1]
            c = clean(msg, eng)
            # a panic of the engine fails the scenario (F24): the game
            # could not go on where the rules say it does
            status = FAIL if "phase panicked" in c else NE if declined(c) else ERR
            out[f] = {"status": status, "detail": c}
        elif r.get("skipped"):
            out[f] = {"status": NE, "detail": clean(str(r["skipped"]), eng)}
        elif r.get("failures"):
            fl = r["failures"]
            out[f] = {"status": FAIL, "detail": first_failure(fl[0]) + (f" (+{len(fl) - 1} more)" if len(fl) > 1 else "")}
        else:
            out[f] = {"status": PASS, "detail": f"{r.get('steps', 0)} steps, {r.get('checks', 0)} checks"}
    return out


def probe(bc, eng, preset):
    p = run([bc, "probe-engine", "--preset", preset, "--engine-cmd", eng.cmd, "--timeout", ENGINE_TIMEOUT])
    lines = (p.stdout + "\n" + p.stderr).strip().splitlines()
    hello = next((ln[len("engine: "):] for ln in lines if ln.startswith("engine: ")), None)
    if p.returncode == 0:
        return {"status": "agrees", "detail": "the engine agrees with battlecheck's engine"}, hello
    if p.returncode == 1:
        i = next((k for k, ln in enumerate(lines) if ln.startswith("result: ")), None)
        detail = lines[i][len("result: "):] if i is not None else "differs"
        if i is not None and i + 1 < len(lines):
            detail += " — first: " + lines[i + 1].strip()
        return {"status": "differs", "detail": clean(detail, eng)}, hello
    err = next((ln for ln in lines if ln.lower().startswith("error: ")), lines[-1] if lines else "no output")
    err = clean(err[len("error: "):] if err.lower().startswith("error: ") else err, eng)
    err = err.replace("protocol failure: ", "")
    return {"status": NE if declined(err) else ERR, "detail": err}, hello


def conform(bc, eng, preset):
    p = run([bc, "conform", "--preset", preset, "--engine-cmd", eng.cmd, "--engine-timeout", ENGINE_TIMEOUT,
             "--threads", "1", "--format", "json"])
    try:
        r = json.loads(p.stdout)
    except ValueError:
        lines = (p.stderr or "no output").strip().splitlines()
        return {"status": ERR, "detail": clean(lines[0] if lines else "no output", eng)}
    c = r.get("counterexample")
    base = {"states": r.get("states"), "depth": r.get("depth")}
    if not c:
        if not r.get("complete", True):
            return dict(base, status=ERR, detail="incomplete exploration")
        return dict(base, status=PASS, detail=f"conforms: {r.get('states')} states, depth {r.get('depth')}")
    d = c.get("divergence", {})
    steps = " → ".join(s.get("text") or json.dumps(s.get("decision"), sort_keys=True) for s in c.get("steps", []))
    what = []
    for f in d.get("fields", [])[:2]:
        what.append(f"{f.get('field')}" + (f" ({f.get('card')})" if f.get("card") else "")
                    + f": expected {f.get('expected')}, got {f.get('actual')}" + (f" [{f['rule']}]" if f.get("rule") else ""))
    for k in ("model_only", "engine_only"):
        if d.get(k):
            what.append(f"{k.replace('_', ' ')}: {json.dumps(d[k][0], sort_keys=True)}")
    for k in ("refused", "stuck"):
        if d.get(k):
            what.append(f"{k}: {json.dumps(d[k], sort_keys=True)[:200]}")
    return dict(base, status=FAIL, detail=clean(f"after {len(c.get('steps', []))} decision(s) ({steps}): "
                                                + "; ".join(what), eng))


def natives(eng):
    """native/run.py's reproducers and the candidates cNN_*.py."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        js = os.path.join(tmp, "native.json")
        p = run(shlex.split(eng.native) + [f"{NATIVE_DIR}/run.py", "--json", js])
        try:
            rows = json.load(open(js))
        except (OSError, ValueError):
            lines = (p.stdout + p.stderr).strip().splitlines()
            return {"run.py": {"status": ERR, "finding": None,
                               "detail": clean(lines[-1] if lines else "no output", eng)}}
    for r in rows:
        out[r["script"]] = {"status": r["result"], "finding": r["finding"], "detail": clean(r["line"], eng)}
    for script in sorted(f for f in os.listdir(os.path.join(ROOT, NATIVE_DIR)) if re.match(r"c\d+_.*\.py$", f)):
        try:
            p = run(shlex.split(eng.native) + [f"{NATIVE_DIR}/{script}"], timeout=300)
            rc, line = p.returncode, (p.stdout.strip().splitlines() or [""])[-1]
            if rc not in (0, 1):
                line = (line + " " + p.stderr.strip()[-300:]).strip()
        except subprocess.TimeoutExpired:
            rc, line = 2, "ERROR: timed out"
        m = re.match(r"c(\d+)_", script)
        out[script] = {"status": {0: "CONFIRMED", 1: "NOT REPRODUCED"}.get(rc, "ERROR"),
                       "finding": f"C{int(m.group(1))}", "detail": clean(line, eng)}
    return out


def inputs_digest(native):
    """A digest of the files an engine's results depend on (scenarios,
    adapter, reproducers): --check says when committed results are older."""
    h = hashlib.sha256()
    dirs = list(SCENARIO_DIRS) + ([PHASE] if native else [])
    for d in dirs:
        for base, subdirs, files in sorted(os.walk(os.path.join(ROOT, d))):
            subdirs[:] = sorted(s for s in subdirs if s != "__pycache__")
            for f in sorted(files):
                if f.endswith((".json", ".py")):
                    path = os.path.join(base, f)
                    h.update(os.path.relpath(path, ROOT).encode())
                    h.update(open(path, "rb").read())
    return h.hexdigest()[:16]


def gen_suites(bc, presets, jobs):
    root = os.path.join(ROOT, "target", "matrix", "suite")
    os.makedirs(root, exist_ok=True)

    def one(p):
        out = os.path.join(root, p)
        if os.path.isdir(out):
            for f in os.listdir(out):
                os.remove(os.path.join(out, f))
        r = run([bc, "suite", "--preset", p, "--out", out])
        if r.returncode != 0:
            raise SystemExit(f"battlecheck suite --preset {p} failed: {r.stderr.strip()[-400:]}")
        return p, sorted(f for f in os.listdir(out) if f.endswith(".json"))

    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        return dict(ex.map(one, presets))


def run_engines(bc, engines, suites, conform_presets, jobs, saves=None):
    """Runs every check on every engine given; returns {label: results}.
    `saves`: {label: file} for --save-replay."""
    saves = saves or {}
    results = {e.label: {"version": RESULTS_VERSION, "label": e.label, "hello": None, "probe": {},
                         "scenarios": {}, "suite": {}, "conform": {}, "native": {} if e.native else None,
                         "inputs": inputs_digest(e.native)} for e in engines}
    timing = {e.label: 0.0 for e in engines}

    def timed(eng, fn, *a):
        t0 = time.monotonic()
        try:
            return fn(*a)
        finally:
            timing[eng.label] += time.monotonic() - t0

    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        # stage 1: which presets each engine expresses
        futs = {(e.label, p): ex.submit(timed, e, probe, bc, e, p) for e in engines for p in PRESETS}
        for (label, p), f in futs.items():
            res, hello = f.result()
            results[label]["probe"][p] = res
            if hello and (results[label]["hello"] is None or p == "default"):
                results[label]["hello"] = hello
        # stage 2: the rest
        futs = {}
        for e in engines:
            r = results[e.label]
            futs[(e.label, "scenarios", None)] = ex.submit(timed, e, replay_cases, bc, e, SCENARIO_DIRS,
                                                            saves.get(e.label))
            if e.native:
                futs[(e.label, "native", None)] = ex.submit(timed, e, natives, e)
            for p in suites:
                if r["probe"][p]["status"] in (NE, ERR):
                    r["suite"][p] = {"status": r["probe"][p]["status"], "detail": r["probe"][p]["detail"]}
                else:
                    futs[(e.label, "suite", p)] = ex.submit(timed, e, replay_cases, bc, e,
                                                            [f"target/matrix/suite/{p}"])
            for p in conform_presets:
                if r["probe"][p]["status"] in (NE, ERR):
                    r["conform"][p] = {"status": r["probe"][p]["status"], "detail": r["probe"][p]["detail"]}
                else:
                    futs[(e.label, "conform", p)] = ex.submit(timed, e, conform, bc, e, p)
        for (label, kind, p), f in futs.items():
            v = f.result()
            r = results[label]
            if kind == "scenarios":
                r["scenarios"] = v
            elif kind == "native":
                r["native"] = v
            elif kind == "suite":
                r["suite"][p] = {"status": "ran", "files": {os.path.basename(k): x for k, x in v.items()}}
            else:
                r["conform"][p] = v
    for label, t in timing.items():
        log(f"matrix: {label}: {t:.0f} s of engine runs")
    return results


# ----------------------------------------------------------------------
# the checklist


def checklist(bc):
    """[(id, source, requirement, [witness...])] from `battlecheck rules`."""
    p = run([bc, "rules"])
    items = []
    for ln in p.stdout.splitlines():
        m = re.match(r"^([BMC]\d\d) \[([^\]]*)\] (.*)$", ln)
        if m:
            items.append([m.group(1), m.group(2), m.group(3), []])
        elif items and ln.startswith("    "):
            items[-1][3] += re.findall(r"([a-z0-9-]+) \(sometimes\)", ln)
    if not items:
        raise SystemExit("battlecheck rules printed no checklist item")
    return items


def scenario_meta():
    """{file: (name, covers)} of every scenario file in SCENARIO_DIRS."""
    meta = {}
    for d in SCENARIO_DIRS:
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".json"):
                path = f"{d}/{f}"
                with open(os.path.join(ROOT, path)) as fh:
                    s = json.load(fh)
                meta[path] = (s.get("name", f), sorted(s.get("covers") or []))
    return meta


# ----------------------------------------------------------------------
# rendering

SHORT = {PASS: "pass", FAIL: "fail", NE: "n/e", ERR: "error", NONE: "—"}
NATIVE_SHORT = {"CONFIRMED": "confirmed", "NOT REPRODUCED": "not reproduced", "ERROR": "error"}


class Doc:
    """Cells with a status, a text, a link and a reason: written out as
    Markdown and as HTML."""

    def __init__(self):
        self.reasons = []
        self.sections = []

    def reason(self, text):
        if text not in self.reasons:
            self.reasons.append(text)
        return self.reasons.index(text) + 1

    def section(self, title, intro, header, rows):
        self.sections.append((title, intro, header, rows))


def cell(status, text=None, link=None, reason=None, title=None):
    return {"status": status, "text": text or SHORT.get(status, status), "link": link, "reason": reason,
            "title": title}


def aggregate(doc, cases):
    """One cell for a checklist item from its scenarios' cases:
    [(file label, link, case)]."""
    if not cases:
        return cell(NONE, "no scenario")
    by = {s: [c for c in cases if c[2]["status"] == s] for s in (PASS, FAIL, NE, ERR)}
    n = len(cases)
    extra = []
    if by[NE]:
        extra.append(f"{len(by[NE])} n/e")
    if by[ERR]:
        extra.append(f"{len(by[ERR])} error")
    tail = f" ({', '.join(extra)})" if extra else ""
    if by[FAIL]:
        f = by[FAIL][0]
        return cell(FAIL, f"fail {len(by[FAIL])}/{n}{tail}", f[1], title=f"{f[0]}: {f[2]['detail']}")
    if by[PASS]:
        return cell(PASS, f"pass {len(by[PASS])}/{n}{tail}", by[PASS][0][1])
    if by[NE]:
        c = by[NE][0]
        return cell(NE, f"n/e {len(by[NE])}/{n}" + (f" ({len(by[ERR])} error)" if by[ERR] else ""),
                    c[1], doc.reason(c[2]["detail"]))
    c = by[ERR][0]
    return cell(ERR, f"error {len(by[ERR])}/{n}", c[1], doc.reason(c[2]["detail"]))


def scenario_cell(doc, case, link):
    if case is None:
        return cell(NONE, "not run")
    st = case["status"]
    if st in (NE, ERR):
        return cell(st, None, link, doc.reason(case["detail"]))
    return cell(st, None, link, title=case["detail"] if st == FAIL else None)


def changes(labels, cells):
    """When behaviour changed between the releases of one engine: the
    columns whose labels share a name before their version."""
    fam = {}
    for i, lb in enumerate(labels):
        if " " in lb:
            fam.setdefault(lb.rsplit(" ", 1)[0], []).append(i)
    out = []
    for name, idx in sorted(fam.items()):
        if len(idx) < 2:
            continue
        idx = sorted(idx, key=lambda i: version_key(labels[i]))
        for a, b in zip(idx, idx[1:]):
            sa, sb = cells[a]["status"], cells[b]["status"]
            if sa != sb:
                out.append(f"{SHORT.get(sa, sa)}→{SHORT.get(sb, sb)} in {labels[b]}")
            elif cells[a]["text"] != cells[b]["text"]:
                out.append(f"{cells[a]['text']}→{cells[b]['text']} in {labels[b]}")
    return "; ".join(out)


OUT = HERE


def link_to(path):
    """A link from the rendered files to a file of the repository."""
    return os.path.relpath(os.path.join(ROOT, path), OUT)


def render(bc, engines, results, suites, conform_presets):
    labels = [e.label for e in engines]
    R = [results[lb] for lb in labels]
    items = checklist(bc)
    meta = scenario_meta()
    doc = Doc()
    witness_items = {}
    for iid, _src, _req, wit in items:
        for w in wit:
            witness_items.setdefault(w, []).append(iid)

    def suite_files(r, preset):
        s = r["suite"].get(preset) or {}
        return s.get("files") if s.get("status") == "ran" else None

    # the checklist
    rows = []
    for iid, src, req, _wit in items:
        row = [iid, src, req]
        per = []
        for r in R:
            cases = []
            for path, (name, covers) in meta.items():
                if iid in covers:
                    c = r["scenarios"].get(path)
                    if c is not None:
                        cases.append((os.path.basename(path), link_to(path), c))
            for preset in suites:
                files = suite_files(r, preset) or {}
                for f, c in sorted(files.items()):
                    w = f[len(preset) + 1:-len(".json")]
                    if iid in witness_items.get(w, []):
                        cases.append((f"suite {preset}: {f}", None, c))
            per.append(aggregate(doc, cases))
        rows.append(row + per + [changes(labels, per)])
    doc.section("Checklist items",
                "Each cell gathers the scenarios that cover the item (their `covers`, and the `battlecheck suite` "
                "files of the witnesses `battlecheck rules` lists for it): **fail** if any fails on that engine "
                "(the link is the first that fails), **pass** if every scenario it can run passes (the link is "
                "the first), **n/e** (not expressible) if it can run none (the reason is numbered below). "
                "`k/n`: of the n scenarios of the item.",
                ["item", "rule", "requirement"] + labels + ["changes"], rows)

    # the findings
    rows = []
    finding_files = sorted(p for p in meta if p.startswith(f"{PHASE}/findings/"))
    native_by = {}
    for r in R:
        for script, n in (r.get("native") or {}).items():
            native_by.setdefault(n.get("finding"), set()).add(script)
    ids = sorted({int(re.match(r"f(\d+)", os.path.basename(p)).group(1)) for p in finding_files} |
                 {int(k[1:]) for k in native_by if k and k.startswith("F")})
    for num in ids:
        fid = f"F{num}"
        path = next((p for p in finding_files if re.match(rf"f0*{num}-", os.path.basename(p))), None)
        script = sorted(native_by.get(fid, {""}))[0]
        name = meta[path][0] if path else fid
        name = re.sub(r"^phase\.rs F\d+: ", "", name)
        per = []
        for r in R:
            sc = scenario_cell(doc, r["scenarios"].get(path), link_to(path)) if path else cell(NONE, "no scenario")
            if r.get("native") is None:
                per.append(sc)
                continue
            n = r["native"].get(script)
            if n is None:
                per.append(sc)
                continue
            nt = NATIVE_SHORT.get(n["status"], n["status"])
            # the finding's verdict on this engine: the scenario fails and the reproducer confirms
            c = dict(sc)
            c["text"] = f"{sc['text']} · native {nt}"
            c["title"] = n["detail"]
            if n["status"] == "ERROR":
                c["reason"] = doc.reason(n["detail"])
            per.append(c)
        rows.append([fid, name, f"[{os.path.basename(path)}]({link_to(path)})" if path else "—",
                     f"[{script}]({link_to(NATIVE_DIR + '/' + script)})" if script else "—"] + per
                    + [changes(labels, per)])
    # the candidates: native scripts cNN only
    for cid in sorted((k for k in native_by if k and k.startswith("C")), key=lambda k: int(k[1:])):
        script = sorted(native_by[cid])[0]
        per = []
        for r in R:
            n = (r.get("native") or {}).get(script)
            if n is None:
                per.append(cell(NONE, "not run"))
                continue
            st = {"CONFIRMED": FAIL, "NOT REPRODUCED": PASS}.get(n["status"], ERR)
            per.append(cell(st, f"native {NATIVE_SHORT.get(n['status'], n['status'])}",
                            link_to(NATIVE_DIR + "/" + script), doc.reason(n["detail"]) if st == ERR else None,
                            title=n["detail"]))
        doc_line = " ".join(open(os.path.join(ROOT, NATIVE_DIR, script)).read().split('"""')[1]
                            .split("\n\n")[0].split())
        rows.append([cid, re.sub(r"^C\d+ \([^)]*\): ", "", doc_line) + " (candidate)", "—",
                     f"[{script}]({link_to(NATIVE_DIR + '/' + script)})"] + per + [changes(labels, per)])
    doc.section("phase.rs findings",
                "A finding (scripts/adapters/phase/FINDINGS.md) is present on an engine when its scenario "
                "**fails** there; for phase.rs the native reproducer (phase's own API, no adapter) says "
                "`confirmed` (phase deviates) or `not reproduced`. The C rows are candidates seen only in "
                "some releases, with a native reproducer and no finding.",
                ["finding", "what the rules require", "scenario", "native reproducer"] + labels + ["changes"], rows)

    # the presets
    rows = []
    for preset in PRESETS:
        per = []
        for r in R:
            pr = r["probe"][preset]
            if pr["status"] in (NE, ERR):
                per.append(cell(pr["status"], None, None, doc.reason(pr["detail"])))
                continue
            bits, st = [f"probe {pr['status']}"], PASS if pr["status"] == "agrees" else FAIL
            files = suite_files(r, preset) if preset in suites else None
            if files is not None:
                k = {s: sum(1 for c in files.values() if c["status"] == s) for s in (PASS, FAIL, NE, ERR)}
                bits.append(f"suite {k[PASS]}/{len(files)} pass" + "".join(
                    f", {k[s]} {SHORT[s]}" for s in (NE, ERR) if k[s]))
                st = FAIL if k[FAIL] or st == FAIL else st
            cf = r["conform"].get(preset)
            if cf is not None:
                bits.append("conforms" if cf["status"] == PASS else "conform " + SHORT.get(cf["status"], cf["status"]))
                st = FAIL if cf["status"] == FAIL else st
            per.append(cell(st, " · ".join(bits), None,
                            doc.reason(cf["detail"]) if cf is not None and cf["status"] in (NE, ERR) else None,
                            title=cf["detail"] if cf is not None else pr["detail"]))
        rows.append([preset] + per + [changes(labels, per)])
    doc.section("Presets",
                "`probe`: `battlecheck probe-engine` at the preset's starting position; `suite`: its "
                "`battlecheck suite` files (every kind of decision and every witness by the fewest decisions; "
                f"generated, not kept; not generated for: {', '.join(p for p in PRESETS if p not in suites) or 'none'}, "
                "whose generation takes minutes); `conform`: `battlecheck conform`, unmasked, on the presets "
                f"{', '.join(conform_presets)} (the first divergence is listed under \"Conform divergences\"). "
                "A preset the engine does not announce the features of is n/e.",
                ["preset"] + labels + ["changes"], rows)

    # conform divergences
    rows = []
    for preset in conform_presets:
        for lb, r in zip(labels, R):
            cf = r["conform"].get(preset)
            if cf and cf["status"] == FAIL:
                rows.append([preset, lb, cf["detail"]])
    doc.section("Conform divergences", "The first divergence `battlecheck conform` finds (no masks).",
                ["preset", "engine", "divergence"], rows)

    # every scenario
    rows = []
    for path, (name, covers) in meta.items():
        per = [scenario_cell(doc, r["scenarios"].get(path), link_to(path)) for r in R]
        rows.append([f"[{os.path.relpath(path, 'engine') if path.startswith('engine/') else path}]({link_to(path)})",
                     ", ".join(covers) or "—"] + per + [changes(labels, per)])
    for preset in suites:
        names = sorted({f for r in R for f in (suite_files(r, preset) or {})})
        for f in names:
            w = f[len(preset) + 1:-len(".json")]
            per = []
            for r in R:
                files = suite_files(r, preset)
                per.append(scenario_cell(doc, files.get(f), None) if files is not None else
                           cell(r["suite"][preset]["status"], None, None, doc.reason(r["suite"][preset]["detail"])))
            rows.append([f"suite {preset}: `{f}`", ", ".join(witness_items.get(w, [])) or "—"] + per
                        + [changes(labels, per)])
    doc.section("Every scenario",
                "Each scenario file on each engine. Suite files are regenerated with "
                "`battlecheck suite --preset P --out DIR` (the same files every run).",
                ["scenario", "covers"] + labels + ["changes"], rows)

    engines_rows = [[lb, r.get("hello") or "?"] for lb, r in zip(labels, R)]
    return doc, engines_rows


def md_cell(c):
    if isinstance(c, str):
        return c.replace("|", "\\|")
    t = c["text"]
    if c["status"] == FAIL:
        t = f"**{t}**"
    if c["link"]:
        t = f"[{t}]({c['link']})"
    if c["reason"]:
        t += f" [r{c['reason']}](#r{c['reason']})"
    return t.replace("|", "\\|")


def write_md(doc, engines_rows):
    out = ["# Conformance matrix", "",
           "Generated by `scripts/matrix/run.sh` (`scripts/matrix/matrix.py`); do not edit: CI regenerates it "
           "and fails if it differs. The same table as a page: [matrix.html](matrix.html).", "",
           "Cells: **pass**, **fail** (linking the scenario that shows it), **n/e** = not expressible on that "
           "engine (the numbered reason is under \"Reasons\"), **error** = the engine process failed. "
           "`changes` names where a later release of the same engine behaves differently.", "",
           "| engine | hello |", "|---|---|"]
    out += [f"| {a} | {b} |" for a, b in engines_rows]
    for title, intro, header, rows in doc.sections:
        out += ["", f"## {title}", "", intro, ""]
        if not rows:
            out.append("None.")
            continue
        out.append("| " + " | ".join(header) + " |")
        out.append("|" + "---|" * len(header))
        for row in rows:
            out.append("| " + " | ".join(md_cell(c) for c in row) + " |")
    out += ["", "## Reasons", ""]
    out += [f'<a id="r{i}"></a>r{i}. {html.escape(t, quote=False)}' + "  " for i, t in enumerate(doc.reasons, 1)]
    return "\n".join(out).rstrip() + "\n"


def inline_md(s):
    """The little Markdown the cells use: [text](link) and `code`."""
    s = html.escape(s, quote=False)
    s = re.sub(r"\[([^\]]*)\]\(([^)]*)\)", lambda m: f'<a href="{html.escape(m.group(2))}">{m.group(1)}</a>', s)
    s = re.sub(r"`([^`]*)`", r"<code>\1</code>", s)
    s = re.sub(r"\*\*([^*]*)\*\*", r"<b>\1</b>", s)
    return s


def html_cell(c, tag="td"):
    if isinstance(c, str):
        return f"<{tag}>{inline_md(c)}</{tag}>"
    t = html.escape(c["text"])
    if c["link"]:
        t = f'<a href="{html.escape(c["link"])}">{t}</a>'
    if c["reason"]:
        t += f' <a class="r" href="#r{c["reason"]}">r{c["reason"]}</a>'
    title = f' title="{html.escape(c["title"])}"' if c.get("title") else ""
    cls = {PASS: "pass", FAIL: "fail", NE: "ne", ERR: "err", NONE: "none"}.get(c["status"], "")
    return f'<{tag} class="{cls}"{title}>{t}</{tag}>'


def write_html(doc, engines_rows):
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           "<title>battlecheck conformance matrix</title>", "<style>",
           "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse;margin:.5em 0 1.5em}",
           "td,th{border:1px solid #bbb;padding:2px 6px;vertical-align:top}th{background:#eee;position:sticky;top:0}",
           ".pass{background:#d9f2d9}.fail{background:#f7d4d4}.ne{background:#e8e8e8;color:#555}",
           ".err{background:#fbe5b6}.none{color:#999}a.r{font-size:80%}code{font-size:90%}",
           "</style>", "</head>", "<body>", "<h1>Conformance matrix</h1>",
           "<p>Generated by <code>scripts/matrix/run.sh</code>; the same table in Markdown: "
           '<a href="MATRIX.md">MATRIX.md</a>. Cells: pass, fail (linking the scenario that shows it), '
           "n/e = not expressible on that engine (numbered reason below), error = the engine process failed. "
           "Hover a cell for the detail.</p>",
           "<table><tr><th>engine</th><th>hello</th></tr>"]
    out += [f"<tr><td>{html.escape(a)}</td><td>{html.escape(b)}</td></tr>" for a, b in engines_rows]
    out.append("</table>")
    for title, intro, header, rows in doc.sections:
        anchor = slug(title)
        out += [f'<h2 id="{anchor}">{html.escape(title)}</h2>', f"<p>{inline_md(intro)}</p>"]
        if not rows:
            out.append("<p>None.</p>")
            continue
        out.append("<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr>")
        for row in rows:
            out.append("<tr>" + "".join(html_cell(c) for c in row) + "</tr>")
        out.append("</table>")
    out.append('<h2 id="reasons">Reasons</h2>')
    out.append("<ol>" + "".join(f'<li id="r{i}">{html.escape(t)}</li>' for i, t in enumerate(doc.reasons, 1))
               + "</ol>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--battlecheck", default=os.path.join(ROOT, "target", "release", "battlecheck"))
    ap.add_argument("--engine", action="append", default=[], metavar="LABEL=CMD", required=True,
                    help="an engine column: its label and command line (run from the repository root)")
    ap.add_argument("--native", action="append", default=[], metavar="LABEL=PYTHON",
                    help="run phase's native reproducers for the engine LABEL with this Python")
    ap.add_argument("--rerun", default="all",
                    help="the labels to run, comma-separated (default all); the others use their committed results")
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    ap.add_argument("--out", default=HERE, help="where MATRIX.md and matrix.html go")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--conform-presets", default=",".join(CONFORM_PRESETS))
    ap.add_argument("--suite-presets", default=",".join(SUITE_PRESETS))
    ap.add_argument("--save-replay", action="append", default=[], metavar="LABEL=FILE",
                    help="write the replay reports of engine/scenarios on the rerun engine LABEL to FILE")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 if the files in the tree differ from what this run renders")
    a = ap.parse_args(argv)
    bc = os.path.abspath(a.battlecheck)
    global OUT
    OUT = os.path.abspath(a.out)
    natives_of = dict(x.split("=", 1) for x in a.native)
    engines = []
    for x in a.engine:
        label, cmd = x.split("=", 1)
        engines.append(Engine(label, cmd, natives_of.pop(label, None)))
    if natives_of:
        raise SystemExit(f"--native for an engine not given: {', '.join(natives_of)}")
    rerun = [e for e in engines if a.rerun == "all" or e.label in a.rerun.split(",")]
    saves = dict(x.split("=", 1) for x in a.save_replay)
    not_rerun = sorted(set(saves) - {e.label for e in rerun})
    if not_rerun:
        raise SystemExit(f"--save-replay for an engine not rerun: {', '.join(not_rerun)}")
    conform_presets = [p for p in a.conform_presets.split(",") if p]
    suites = [p for p in a.suite_presets.split(",") if p]

    t0 = time.monotonic()
    results = {}
    stale = []
    for e in engines:
        if e in rerun:
            continue
        path = os.path.join(a.results, slug(e.label) + ".json")
        try:
            with open(path) as f:
                results[e.label] = json.load(f)
        except OSError:
            raise SystemExit(f"no committed results for '{e.label}' ({os.path.relpath(path, ROOT)}): rerun it")
        if results[e.label].get("inputs") != inputs_digest(e.native):
            stale.append(e.label)
            log(f"matrix: the committed results of '{e.label}' were recorded on other scenario/adapter "
                f"files than these (rerun it to bring them up to date: scripts/matrix/run.sh)")
    if rerun:
        if suites:
            log(f"matrix: battlecheck suite for {len(suites)} presets")
            gen_suites(bc, suites, a.jobs)
        log(f"matrix: running {', '.join(e.label for e in rerun)} ({a.jobs} job(s))")
        results.update(run_engines(bc, rerun, suites, conform_presets, a.jobs, saves))
    doc, engines_rows = render(bc, engines, results, suites, conform_presets)
    files = {os.path.join(a.out, "MATRIX.md"): write_md(doc, engines_rows),
             os.path.join(a.out, "matrix.html"): write_html(doc, engines_rows)}
    for e in rerun:
        files[os.path.join(a.results, slug(e.label) + ".json")] = json.dumps(results[e.label], indent=1,
                                                                            sort_keys=True) + "\n"
    # Results recorded on other inputs are not the table of these files:
    # --check fails on them as on a difference.
    status = 1 if a.check and stale else 0
    for label in stale if a.check else []:
        print(f"FAILED: the committed results of '{label}' are out of date (regenerate: scripts/matrix/run.sh)")
    for path, text in sorted(files.items()):
        try:
            with open(path) as f:
                old = f.read()
        except OSError:
            old = None
        if a.check:
            if old != text:
                status = 1
                rel = os.path.relpath(path, ROOT)
                print(f"FAILED: {rel} differs from what this run renders (regenerate: scripts/matrix/run.sh)")
                sys.stdout.writelines(list(difflib.unified_diff((old or "").splitlines(True), text.splitlines(True),
                                                                f"{rel} (committed)", f"{rel} (now)"))[:200])
        elif old != text:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
    if a.check and status == 0:
        print(f"ok: the conformance matrix is up to date ({', '.join(e.label for e in rerun) or 'no engine'} rerun)")
    log(f"matrix: done in {time.monotonic() - t0:.0f} s")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
