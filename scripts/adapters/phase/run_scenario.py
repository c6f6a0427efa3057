#!/usr/bin/env python3
"""Play battlecheck engine scenario files (engine/README.md, "Scenarios")
on phase.rs through the adapter, and check their expectations.

    python run_scenario.py [--mask NAME]... FILE_OR_DIR...

The same files replay on battlecheck's own engine with
`battlecheck replay FILE`. Supported: positions the adapter can set up
(adapter README), the steps `pass_all`, `pass_until`, `cast`, `concede`,
`choose_protector`, `attack`, `block`, `assign_trample`, `cast_transformed`
and `decision`, and the expectations about cards, players, triggers and
the game (`legal`/`illegal`/`observation` included). A step expected to be
refused passes if phase refuses it (the rule it cites is shown, not
compared: phase rarely names one). Exit status 0 if every expectation of
every file holds.
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cards  # noqa: E402
from phasegame import PhaseSession, Refused, SetupError, Unsupported  # noqa: E402


def differences(want, have, path=""):
    """The leaves in which two JSON values differ, by path."""
    if isinstance(want, dict) and isinstance(have, dict):
        for k in sorted(set(want) | set(have)):
            yield from differences(want.get(k), have.get(k), f"{path}.{k}" if path else k)
    elif isinstance(want, list) and isinstance(have, list) and len(want) == len(have):
        for i, (w, h) in enumerate(zip(want, have)):
            yield from differences(w, h, f"{path}[{i}]")
    elif want != have:
        yield path, want, have


class Runner:
    def __init__(self, session, scenario):
        self.s = session
        self.sc = scenario
        self.labels = {c.get("id", f"#{i}"): i for i, c in enumerate(scenario["cards"])}
        self.failures = []

    def card(self, label):
        if label.startswith("#"):
            return int(label[1:])
        return self.labels[label]

    def player(self, label):
        return int(label[1:]) - 1

    def numbered(self, value, key=None):
        """A shared decision or observation of a scenario file (players
        P1..., cards by label or #n) as the engine protocol writes it
        (numbers). Labels never read as players or #n (battlecheck refuses
        such labels); the `decision` tag and enum values are kept."""
        if isinstance(value, dict):
            return {k: self.numbered(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [self.numbered(v, key) for v in value]
        if isinstance(value, str) and key != "decision":
            if value.startswith("P") and value[1:].isdigit():
                return self.player(value)
            if value.startswith("#") and value[1:].isdigit():
                return int(value[1:])
            if value in self.labels:
                return self.labels[value]
        return value

    def target(self, label):
        if label.startswith("trigger:"):
            return {"trigger": self.card(label[len("trigger:"):])}
        if label.startswith("P") and label[1:].isdigit():
            return {"player": self.player(label)}
        return {"permanent": self.card(label)}

    def attack_target(self, label):
        if label.startswith("P") and label[1:].isdigit():
            return {"player": self.player(label)}
        return {"battle": self.card(label)}

    def decision(self, act):
        if act == "pass_all":
            return {"decision": "pass_all"}
        (kind, a), = act.items()
        if kind == "decision":
            return self.numbered(a["decision"])
        if kind == "cast":
            d = {"decision": "cast", "player": self.player(a["player"]), "card": self.card(a["card"])}
            if a.get("targets"):
                d["targets"] = [self.target(t) for t in a["targets"]]
            return d
        if kind == "concede":
            return {"decision": "concede", "player": self.player(a["player"])}
        if kind == "choose_protector":
            return {"decision": "choose_protectors",
                    "choices": [[self.card(a["battle"]), self.player(a["protector"])]]}
        if kind == "attack":
            return {"decision": "declare_attackers",
                    "attacks": [[self.card(c), self.attack_target(t)] for c, t in a["attacks"]]}
        if kind == "block":
            return {"decision": "declare_blockers", "blocks": [[self.card(b), self.card(x)] for b, x in a["blocks"]]}
        if kind == "assign_trample":
            return {"decision": "assign_trample", "attacker": self.card(a["attacker"]), "to_attacked": a["to_attacked"]}
        if kind == "cast_transformed":
            return {"decision": "cast_transformed", "player": self.player(a["player"]),
                    "card": self.card(a["card"]), "cast": a["cast"]}
        raise ValueError(f"step {kind!r} is not supported by run_scenario.py")

    def run_step(self, i, step):
        act = step.get("do")
        if act is not None:
            if isinstance(act, dict) and "pass_until" in act:
                want = act["pass_until"]
                for _ in range(200):
                    o = self.s.observe()
                    if self.s.turn_step() == want["step"] and ("turn" not in want or o["turn"] == want["turn"]):
                        break
                    self.s.apply({"decision": "pass_all"})
                else:
                    self.failures.append(f"step {i}: never reached {want}")
            elif isinstance(act, dict) and "pass" in act:
                raise ValueError("a single player's pass is not a shared decision")
            else:
                d = self.decision(act)
                try:
                    self.s.apply(d)
                    if step.get("rejected"):
                        self.failures.append(f"step {i}: {json.dumps(d)} must be refused ({step['rejected']}); phase takes it")
                except Refused as e:
                    if not step.get("rejected"):
                        self.failures.append(f"step {i}: phase refuses {json.dumps(d)}: {e.message}")
        for e in step.get("expect", []):
            self.check(i, e)

    def check(self, i, e):
        o = self.s.observe()
        bad = []

        def cmp(what, want, got):
            if want != got:
                bad.append(f"{what}: expected {json.dumps(want)}, phase has {json.dumps(got)}")

        if "card" in e:
            c = self.card(e["card"])
            x = o["objects"][c]
            for k in ("zone", "defense", "tapped", "back_face", "battle", "creature", "damage", "protector_origin"):
                if k in e:
                    cmp(f"{e['card']}.{k}", e[k], x[k])
            if "protector" in e:
                cmp(f"{e['card']}.protector", None if e["protector"] == "none" else self.player(e["protector"]), x["protector"])
            if "controller" in e:
                cmp(f"{e['card']}.controller", self.player(e["controller"]), x["controller"])
            if "attacking" in e:
                want = e["attacking"]
                got = x["combat"]
                if want == "none":
                    ok = got == "none"
                elif want == "nothing":
                    ok = isinstance(got, dict) and "attacking" in got and got["attacking"]["target"] is None
                else:
                    ok = isinstance(got, dict) and "attacking" in got and got["attacking"]["target"] == self.attack_target(want)
                if not ok:
                    bad.append(f"{e['card']}.attacking: expected {want}, phase has {json.dumps(got)}")
            if "blocking" in e:
                want = e["blocking"]
                got = x["combat"]
                ok = got == "none" if want == "none" else got == {"blocking": self.card(want)}
                if not ok:
                    bad.append(f"{e['card']}.blocking: expected {want}, phase has {json.dumps(got)}")
            if "history" in e:
                for k, v in e["history"].items():
                    cmp(f"{e['card']}.history.{k}", v, x["history"][k])
        if "player" in e:
            p = o["players"][self.player(e["player"])]
            for k in ("life", "in_game"):
                if k in e:
                    cmp(f"{e['player']}.{k}", e[k], p[k])
        if "trigger" in e:
            c = self.card(e["trigger"])
            if "on_stack" in e:
                cmp(f"trigger:{e['trigger']}.on_stack", e["on_stack"],
                    any(s.get("kind") == "defeat_trigger" and s["source"] == c for s in o["stack"]))
            if "waiting" in e:
                cmp(f"trigger:{e['trigger']}.waiting", e["waiting"], c in o["waiting_triggers"])
        if "stack_size" in e:
            cmp("stack_size", e["stack_size"], len(o["stack"]))
        if "pending" in e:
            cmp("pending", e["pending"], o["pending"])
        if "step" in e:
            cmp("step", e["step"], self.s.turn_step())
        if "turn" in e:
            cmp("turn", e["turn"], o["turn"])
        if "active" in e:
            cmp("active", self.player(e["active"]), o["active"])
        if "to_act" in e:
            wf = self.s.game.waiting_for()
            got = (wf.get("data") or {}).get("player")
            cmp("to_act", self.player(e["to_act"]), got)
        if "observation" in e:
            want = self.numbered(e["observation"])
            if want != o:
                bad.extend(f"observation.{path}: expected {json.dumps(w)}, phase has {json.dumps(h)}"
                           for path, w, h in differences(want, o))
        if e.get("legal") or e.get("illegal"):
            legal = [json.dumps(d, sort_keys=True) for d in self.s.legal()]
            for d in e.get("legal", []):
                d = self.numbered(d)
                if json.dumps(d, sort_keys=True) not in legal:
                    bad.append(f"not legal in phase: {json.dumps(d)}")
            for d in e.get("illegal", []):
                d = self.numbered(d)
                if json.dumps(d, sort_keys=True) in legal:
                    bad.append(f"legal in phase: {json.dumps(d)}")
        for b in bad:
            self.failures.append(f"step {i}: {b}")


def run_file(engine, path, masks):
    with open(path) as f:
        sc = json.load(f)
    s = PhaseSession(engine)
    s.masks = set(masks)
    position = {k: v for k, v in sc.items() if k not in ("steps", "name", "covers", "description", "$schema", "battlecheck")}
    s.setup(position)
    r = Runner(s, sc)
    for i, step in enumerate(sc.get("steps", [])):
        try:
            r.run_step(i, step)
        except Refused as e:
            r.failures.append(f"step {i}: phase refuses it: {e.message}")
            break
    return sc.get("name", path), r.failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--mask", action="append", default=[])
    args = ap.parse_args()
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".json"))
        else:
            files.append(p)
    engine = cards.engine()
    failed = skipped = 0
    for path in files:
        try:
            name, failures = run_file(engine, path, args.mask)
        except (SetupError, Unsupported, ValueError, KeyError) as e:
            print(f"skip {os.path.basename(path)}: {e}")
            skipped += 1
            continue
        status = "ok  " if not failures else "FAIL"
        print(f"{status} {os.path.basename(path)}: {name}")
        for f in failures:
            print(f"       {f}")
        failed += bool(failures)
    print(f"{len(files) - failed - skipped} of {len(files) - skipped} scenarios hold on phase.rs"
          + (f" ({skipped} skipped: the adapter cannot set them up or play their steps)" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
