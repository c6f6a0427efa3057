#!/usr/bin/env python3
"""Random games through the phase adapter and battlecheck's reference engine
(`battlecheck serve-engine`) side by side, over the engine protocol.

    python selftest.py --preset tiny --games 50 [--seed 1] [--turns N]

Both engines get the preset's starting position (as `battlecheck
probe-engine` sends it). At every step the observations and the sets of
legal decisions are compared; a decision is then drawn at random from the
reference's legal decisions and applied to both, and the steps that
battlecheck does not explore are passed through the way `battlecheck
conform` does (bridge.rs, `advance`). Now and then a decision the reference
refuses is tried on both, and a snapshot is taken and later restored.

The first difference is printed with the decisions that led to it, as
protocol lines that can be replayed by hand. Exit status 0: no difference.
"""

import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BATTLECHECK = os.environ.get("BATTLECHECK") or os.path.join(ROOT, "target", "release", "battlecheck")
SKIP = {"upkeep", "draw", "begin_combat", "end_combat", "main2"}
TURNS = {"tiny": 1, "default": 1, "table": 1, "duel": 2, "copies": 1, "mimic": 1, "deep": 1}


class Engine:
    def __init__(self, cmd, name):
        self.name = name
        self.cmd = cmd
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL if name == "reference" else None,
                                  text=True, bufsize=1)
        self.id = 0
        self.log = []
        self.time = 0.0
        self.requests = 0

    def req(self, body):
        self.id += 1
        msg = dict(body, id=self.id)
        line = json.dumps(msg, separators=(",", ":"))
        t = time.perf_counter()
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = self.p.stdout.readline()
        self.time += time.perf_counter() - t
        self.requests += 1
        if not out:
            raise SystemExit(f"{self.name} exited; last request: {line}")
        resp = json.loads(out)
        self.log.append((line, out.strip()))
        if resp.get("type") == "error":
            raise SystemExit(f"{self.name} answered an error to {line}:\n  {resp.get('message')}")
        return resp

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=10)


def canonical(d):
    d = json.loads(json.dumps(d))
    for k in ("attacks", "blocks", "choices"):
        if k in d:
            d[k] = sorted(d[k], key=lambda x: json.dumps(x, sort_keys=True))
    if d.get("targets") == []:
        del d["targets"]
    return json.dumps(d, sort_keys=True)


def capture_position(preset, extra):
    """The setup line `battlecheck probe-engine` sends for a preset."""
    with tempfile.TemporaryDirectory() as tmp:
        cap = os.path.join(tmp, "in.log")
        inner = f"tee {shlex.quote(cap)} | {shlex.quote(BATTLECHECK)} serve-engine"
        cmd = [BATTLECHECK, "probe-engine", "--preset", preset, "--engine-cmd", f"sh -c {shlex.quote(inner)}"] + extra
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        with open(cap) as f:
            for line in f:
                m = json.loads(line)
                if m.get("type") == "setup":
                    return m["position"]
    raise SystemExit(f"could not capture the position of preset {preset}")


def diff_obs(a, b, path="observation"):
    out = []
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: reference {a.get(k, '<absent>')!r}, phase {b.get(k, '<absent>')!r}")
            else:
                out.extend(diff_obs(a[k], b[k], f"{path}.{k}"))
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            out.extend(diff_obs(x, y, f"{path}[{i}]"))
    elif a != b:
        out.append(f"{path}: reference {json.dumps(a)}, phase {json.dumps(b)}")
    return out


def without(x, keys):
    """`x` with the keys `keys` left out, at any depth."""
    if isinstance(x, dict):
        return {k: without(v, keys) for k, v in x.items() if k not in keys}
    if isinstance(x, list):
        return [without(v, keys) for v in x]
    return x


class Walk:
    def __init__(self, args):
        self.args = args
        self.ref = Engine([BATTLECHECK, "serve-engine"], "reference")
        adapter = [sys.executable, os.path.join(HERE, "adapter.py")]
        for m in args.mask:
            adapter += ["--mask", m]
        self.ph = Engine(adapter, "phase")
        self.ref.req({"type": "hello", "protocol": 5})
        hello = self.ph.req({"type": "hello", "protocol": 5})
        # an optional part of the observation the adapter does not announce
        # is not compared, as conform does not (PROTOCOL.md, hello)
        self.unannounced = set() if "defenders" in (hello.get("features") or []) else {"defender"}
        self.path = []
        self.differences = []
        self.coverage = {}
        self.seen = set()
        self.stats = {"steps": 0, "refusals": 0, "restores": 0, "games": 0}

    def both(self, body):
        return self.ref.req(body), self.ph.req(body)

    def fail(self, what):
        lines = what.split("\n")
        fields = sorted({l.strip().split(":")[0] for l in lines[1:] if l.strip()})
        sig = (lines[0].split(":")[-1].strip() + " " + " | ".join(fields))[:300]
        if lines[0].startswith("after "):
            sig = " | ".join(fields) or lines[0][:200]
        self.differences.append(sig)
        if sig in self.seen and not self.args.verbose:
            return False
        self.seen.add(sig)
        print(f"DIFFERENCE after {len(self.path)} decisions: {what}")
        print("decisions from the setup (protocol 'apply' bodies; 'restore'/'pass' lines are the driver's):")
        for d in self.path:
            print("  " + d)
        print(flush=True)
        return False

    def check_obs(self, r, p, where):
        if r["type"] != p["type"] and not {r["type"], p["type"]} <= {"applied", "observation"}:
            return self.fail(f"{where}: reference answered {r['type']}, phase answered {p['type']}: "
                             f"{r.get('message') or ''} / {p.get('message') or ''}")
        d = diff_obs(without(r["observation"], self.unannounced), p["observation"])
        if d:
            return self.fail(f"{where}: observations differ:\n    " + "\n    ".join(d[:40]))
        if "turn_step" in r and r["turn_step"] != p.get("turn_step"):
            return self.fail(f"{where}: turn_step: reference {r['turn_step']}, phase {p.get('turn_step')}")
        return True

    def check_legal(self):
        r, p = self.both({"type": "legal"})
        a = {canonical(d) for d in r["decisions"]}
        b = {canonical(d) for d in p["decisions"]}
        if a != b:
            msg = "legal decisions differ:"
            for x in sorted(a - b):
                msg += f"\n    only the reference accepts {x}"
            for x in sorted(b - a):
                msg += f"\n    only phase accepts {x}"
            self.fail(msg)
            return None
        return r["decisions"]

    STEAL = {"Threaten the Gates"}
    FIRST_STRIKE = {"Pool Striker", "White Knight"}

    def known_finding(self, o, d):
        """Decisions that run into a known phase.rs finding (FINDINGS.md)
        whose consequences no mask can hide: gaining control of a creature
        in combat (F1, 506.4), a player leaving during combat (F2, 800.4e),
        an attack or block with a first striker (F14: no priority in the
        first-strike damage step when nothing triggers, 510.4), removing the
        only attacker before blockers are declared (F9, 508.8), casting a
        defeated Siege transformed while creatures attack (F12, 506.4c),
        gaining control of an attacked battle (F13, 506.4, 704.5y)."""
        in_combat = o["step"] != "main"
        if d["decision"] == "declare_attackers" and any(
                self.position["cards"][c]["card"] in self.FIRST_STRIKE for c, _ in d["attacks"]):
            return True
        if d["decision"] == "concede" and in_combat:
            return True
        if d["decision"] == "declare_blockers" and any(
                self.position["cards"][b]["card"] in self.FIRST_STRIKE for b, _ in d["blocks"]):
            return True
        attackers = [x["id"] for x in o["objects"] if isinstance(x["combat"], dict) and "attacking" in x["combat"]]
        if d["decision"] == "cast_transformed" and d["cast"] and attackers:
            return True
        if d["decision"] == "cast" and len(attackers) == 1 and o["step"] == "declare_attackers" and \
                {"permanent": attackers[0]} in d.get("targets", []):
            return True
        if d["decision"] == "cast" and self.position["cards"][d["card"]]["card"] in self.STEAL:
            attacked = {x["combat"]["attacking"]["target"].get("battle") for x in o["objects"]
                        if isinstance(x["combat"], dict) and "attacking" in x["combat"]
                        and x["combat"]["attacking"]["target"]}
            for t in d.get("targets", []):
                c = t.get("permanent")
                if c is not None and (o["objects"][c]["combat"] != "none" or c in attacked):
                    return True
        return False

    @staticmethod
    def weight(d):
        """Random choice weights: rarer, more interesting decisions first."""
        k = d["decision"]
        if k == "concede":
            return 0.15
        if k == "pass_all":
            return 1.0
        if k == "declare_attackers":
            return 2.0 if any("battle" in t for _, t in d["attacks"]) else 1.0
        return 2.0

    def advance_one(self, eng, r, turns):
        """Pass through the steps battlecheck's model does not explore, as
        `battlecheck conform` does (bridge.rs `advance`), on one engine."""
        for _ in range(100):
            o = r["observation"]
            step = r.get("turn_step")
            if o["pending"] != "priority" or o["stack"]:
                return r
            skip = step in SKIP or (step == "declare_attackers" and not any(
                isinstance(x["combat"], dict) and "attacking" in x["combat"] for x in o["objects"]))
            if step == "end":
                skip = o["turn"] - self.turn0 + 1 < turns
            if not skip:
                return r
            r = eng.req({"type": "apply", "decision": {"decision": "pass_all"}})
            if r["type"] != "applied":
                self.fail(f"{eng.name} refuses to pass through step {step}: {r.get('message')}")
                return None
        self.fail(f"{eng.name} does not get out of the steps to pass through")
        return None

    def step(self, d, turns, where):
        """Apply a decision to both and advance both; compare."""
        r, p = self.both({"type": "apply", "decision": d})
        if r["type"] != p["type"]:
            self.fail(f"{where}: reference {r['type']} {r.get('message', '')}, phase {p['type']} {p.get('message', '')}")
            return None
        if r["type"] != "applied":
            return "refused"
        r = self.advance_one(self.ref, r, turns)
        if r is None:
            return None
        p = self.advance_one(self.ph, p, turns)
        if p is None:
            return None
        if not self.check_obs(r, p, where):
            return None
        return r

    def game(self, rng, position, turns):
        self.path = []
        self.position = position
        r, p = self.both({"type": "setup", "position": position})
        self.turn0 = r["observation"]["turn"]
        if not self.check_obs(r, p, "setup"):
            return False
        r = self.advance_one(self.ref, r, turns)
        p = self.advance_one(self.ph, p, turns) if r is not None else None
        if r is None or p is None or not self.check_obs(r, p, "setup, after passing through"):
            return False
        snaps = []
        old_legal = []
        for _ in range(self.args.max_steps):
            o = r["observation"]
            if o["pending"] == "game_over":
                return True
            if r.get("turn_step") == "end" and o["turn"] - self.turn0 + 1 >= turns \
                    and o["pending"] == "priority" and not o["stack"]:
                return True
            legal = self.check_legal()
            if legal is None:
                return False
            self.stats["steps"] += 1
            # now and then: a snapshot, a restore, a refused decision
            if rng.random() < self.args.snapshot_rate:
                rs, ps = self.both({"type": "snapshot"})
                snaps.append((rs["token"], ps["token"], list(self.path)))
            if snaps and rng.random() < self.args.restore_rate:
                rt, pt, path = rng.choice(snaps)
                r = self.ref.req({"type": "restore", "token": rt})
                p = self.ph.req({"type": "restore", "token": pt})
                self.path = path + [f"(driver: restore of the snapshot taken after {len(path)} decisions)"]
                self.stats["restores"] += 1
                if not self.check_obs(r, p, "restore"):
                    return False
                continue
            if old_legal and rng.random() < self.args.refuse_rate:
                keys = {canonical(d) for d in legal}
                cands = [d for d in old_legal if canonical(d) not in keys]
                if cands:
                    d = rng.choice(cands)
                    self.path.append(json.dumps(d) + "   (not legal for the reference)")
                    res = self.step(d, turns, "a decision the reference does not list")
                    if res is None:
                        return False
                    self.stats["refusals"] += 1
                    if res == "refused":
                        self.path.pop()
                    else:
                        r = res
                    continue
            old_legal = legal
            choices = legal
            if self.args.no_concede:
                choices = [d for d in legal if d["decision"] != "concede"] or legal
            elif not self.args.all_concessions:
                # battlecheck's bound: only nonactive players concede, in a priority window
                choices = [d for d in legal if d["decision"] != "concede"
                           or (o["pending"] == "priority" and d["player"] != o["active"])] or legal
            if self.args.avoid_known:
                choices = [d for d in choices if not self.known_finding(o, d)] or choices
            weights = [self.weight(d) for d in choices]
            d = rng.choices(choices, weights)[0]
            self.path.append(json.dumps(d))
            key = d["decision"]
            if d["decision"] == "cast":
                key += " " + self.position["cards"][d["card"]]["card"] + (
                    " -> " + "/".join(sorted(t for x in d.get("targets", []) for t in x)) if d.get("targets") else "")
            elif d["decision"] == "cast_transformed":
                key += f" {self.position['cards'][d['card']]['card']} {d['cast']}"
            elif d["decision"] == "declare_attackers":
                key += " " + "/".join(sorted({t for _, x in d["attacks"] for t in x})) if d["attacks"] else " none"
            self.coverage[key] = self.coverage.get(key, 0) + 1
            res = self.step(d, turns, "after " + json.dumps(d))
            if res is None:
                return False
            if res == "refused":
                return self.fail(f"{json.dumps(d)}: both refuse a decision the reference listed")
            r = res
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", default="tiny")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--turns", type=int, help="turns of the preset (as battlecheck's --turns)")
    ap.add_argument("--players", type=int)
    ap.add_argument("--defense", type=int)
    ap.add_argument("--position", help="a position file (an engine scenario without steps) instead of a preset's")
    ap.add_argument("--max-steps", type=int, default=400)
    ap.add_argument("--snapshot-rate", type=float, default=0.1)
    ap.add_argument("--restore-rate", type=float, default=0.05)
    ap.add_argument("--refuse-rate", type=float, default=0.1)
    ap.add_argument("--no-concede", action="store_true")
    ap.add_argument("--all-concessions", action="store_true",
                    help="let any player concede at any time (battlecheck conform lets only nonactive players, with priority)")
    ap.add_argument("--mask", action="append", default=[],
                    help="passed to adapter.py (hide a known phase deviation)")
    ap.add_argument("--keep-going", action="store_true",
                    help="after a difference, start the next game; list the distinct differences at the end")
    ap.add_argument("--avoid-known", action="store_true",
                    help="do not take decisions that run into the known phase.rs findings no mask hides (F1, F2, F9, F12, F13, F14)")
    ap.add_argument("--coverage", action="store_true", help="count the kinds of decisions taken")
    ap.add_argument("--verbose", action="store_true", help="with --keep-going: print every difference, not the first of each kind")
    args = ap.parse_args()
    extra = []
    for k in ("turns", "players", "defense"):
        v = getattr(args, k)
        if v is not None:
            extra += [f"--{k}", str(v)]
    turns = args.turns or TURNS.get(args.preset, 1)
    if args.position:
        with open(args.position) as f:
            position = json.load(f)
        position.pop("steps", None)
    else:
        position = capture_position(args.preset, extra)
    w = Walk(args)
    rng = random.Random(args.seed)
    t = time.perf_counter()
    ok = True
    for g in range(args.games):
        w.stats["games"] += 1
        if not w.game(rng, position, turns):
            ok = False
            if not args.keep_going:
                print(f"(game {g + 1} of seed {args.seed})")
                break
    dt = time.perf_counter() - t
    print(f"preset {args.preset}: {w.stats['games']} games, {w.stats['steps']} steps, "
          f"{w.stats['refusals']} refusal checks, {w.stats['restores']} restores in {dt:.1f} s; "
          f"phase adapter {w.ph.requests} requests in {w.ph.time:.1f} s "
          f"({w.ph.requests / max(w.ph.time, 1e-9):.0f}/s), reference {w.ref.requests / max(w.ref.time, 1e-9):.0f}/s")
    if args.coverage:
        print("decisions taken:")
        for k, n in sorted(w.coverage.items()):
            print(f"  {n:5d}  {k}")
    if args.keep_going and w.differences:
        counts = {}
        for d in w.differences:
            counts[d] = counts.get(d, 0) + 1
        print("differences (games ending in each):")
        for d, n in sorted(counts.items(), key=lambda x: -x[1]):
            print(f"  {n:4d}  {d}")
    print("no difference" if ok else "DIFFERENCE FOUND")
    w.ref.close()
    w.ph.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
