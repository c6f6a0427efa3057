#!/usr/bin/env python3
"""battlecheck engine protocol (v6, engine/PROTOCOL.md) for the phase.rs
rules engine, through its Python bindings (PyPI `phase-python`, import
`phase`).

    python adapter.py [--mask NAME]...

Reads one JSON request per line on standard input and writes one JSON
response per line on standard output; everything else goes to standard
error. See README.md beside this file for the normalisations it makes.
"""

import argparse
import json
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

PROTOCOL = 6
ENGINE_NAME = "phase.rs (phase-python)"

# Known phase.rs deviations the adapter can hide on request, so that a
# conformance run goes past them (see FINDINGS.md). None is hidden unless
# named with --mask.
MASKS = {
    "leaver-exile": "report the cards of a player who left the game, which phase exiles, as outside the game (800.4a)",
    "entry-choice": "report a battle whose protector phase asks for after it entered as the spell still resolving (614.12, 310.9a)",
    "blocker-stays": "report a creature that blocked an attacker that left the battlefield as still blocking it (509.1g)",
    "concede-sba": "perform state-based actions as soon as a player concedes (phase waits until a player next receives priority, 117.5; uses a phase debug action)",
    "stack-limbo": "report a card phase leaves in the stack zone after it resolved (a sorcery back face cast transformed) as in its owner's graveyard (608.2n)",
    "trample-removed-battle": "answer phase's trample division for an attacker whose battle was removed from combat with everything to the blockers (702.19b, 506.4c)",
    "transformed-spell": "report a card cast transformed, which phase puts on the stack front face up, with its back face up (712.8c)",
}


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def package_version():
    try:
        from importlib.metadata import version

        return version("phase-python")
    except Exception:  # noqa: BLE001
        return "unknown"


class Server:
    def __init__(self, masks=()):
        self.session = None
        self.masks = set(masks)
        self.requests = 0
        self.started = time.perf_counter()

    def _session(self):
        if self.session is None:
            # Imported lazily so that `hello` answers even if phase is slow to load.
            import cards
            from phasegame import PhaseSession

            self.session = PhaseSession(cards.engine(), log)
            self.session.masks = self.masks
        return self.session

    def answer_line(self, line):
        try:
            req = json.loads(line)
        except ValueError as e:
            return {"id": None, "type": "error", "message": f"malformed request: {e}"}
        if not isinstance(req, dict):
            return {"id": None, "type": "error", "message": "malformed request: not a JSON object"}
        rid = req.get("id")
        if not isinstance(rid, int) or isinstance(rid, bool):
            rid = None
        try:
            body = self.answer(req)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:  # noqa: BLE001 - never crash on a request (a Rust panic included)
            log(traceback.format_exc())
            body = {"type": "error", "message": f"the phase adapter failed on this '{req.get('type')}' request: {type(e).__name__}: {e}"}
        body = dict(body)
        out = {"id": rid}
        out.update(body)
        return out

    def answer(self, req):
        from phasegame import Refused, SetupError, Unsupported

        kind = req.get("type")
        self.requests += 1
        if kind == "hello":
            return {"type": "hello", "protocol": PROTOCOL,
                    "engine": {"name": ENGINE_NAME, "version": package_version()},
                    "features": ["snapshot", "act", "defenders", "two-headed-giant"]}
        s = self._session()
        if kind == "setup":
            if "position" not in req:
                return {"type": "error", "message": "malformed request: setup needs 'position'"}
            try:
                s.setup(req["position"])
            except SetupError as e:
                s.game = None
                return {"type": "error", "message": str(e)}
            except Unsupported as e:
                s.game = None
                return {"type": "error", "message": f"setup: {e}"}
            return self._observation("observation")
        if s.game is None:
            if kind in ("legal", "apply", "act", "observe", "snapshot"):
                return {"type": "error", "message": "no game: send 'setup' first"}
        if kind == "legal":
            try:
                return {"type": "legal", "decisions": s.legal()}
            except Unsupported as e:
                return {"type": "error", "message": str(e)}
        if kind in ("apply", "act"):
            field = "decision" if kind == "apply" else "action"
            if field not in req:
                return {"type": "error", "message": f"malformed request: {kind} needs '{field}'"}
            try:
                if kind == "apply":
                    s.apply(req["decision"])
                else:
                    s.act(req["action"])
            except Refused as e:
                out = {"type": "refused", "message": e.message}
                if e.rule:
                    out["rule"] = e.rule
                return out
            except Unsupported as e:
                return {"type": "error", "message": str(e)}
            except (KeyError, TypeError, ValueError, IndexError) as e:
                log(traceback.format_exc())
                # not phase refusing the decision (that is `Refused`): the
                # adapter failed to carry it out, so the game may be half
                # changed; an error, which battlecheck reports as the engine
                # process failing, never as a refusal the rules would make
                return {"type": "error", "message": f"the adapter failed on this decision: {type(e).__name__}: {e}"}
            out = self._observation("applied")
            # What the decision did: phase's damage and defense counters.
            out["happened"] = s.take_facts()
            return out
        if kind == "observe":
            return self._observation("observation")
        if kind == "snapshot":
            return {"type": "snapshot", "token": s.snapshot()}
        if kind == "restore":
            token = req.get("token")
            if s.game is None and not s.snapshots:
                return {"type": "error", "message": "no game: send 'setup' first"}
            try:
                s.restore(token)
            except KeyError:
                return {"type": "error", "message": f"unknown snapshot token {token!r}"}
            return self._observation("observation")
        return {"type": "error", "message": f"malformed request: unknown request type {kind!r}"}

    def _observation(self, kind):
        from phasegame import Unsupported

        s = self.session
        try:
            obs = s.observe()
        except Unsupported as e:
            return {"type": "error", "message": str(e)}
        answer = {"type": kind, "observation": obs, "turn_step": s.turn_step()}
        holder = s.priority_holder()
        if holder is not None:
            answer["priority"] = holder
        return answer


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mask", action="append", default=[], choices=sorted(MASKS),
                    help="hide a known phase.rs deviation (see FINDINGS.md); repeatable")
    ap.add_argument("--stats", action="store_true", help="print request counts and timing to standard error at the end")
    args = ap.parse_args(argv)
    server = Server(args.mask)
    # Nothing but protocol lines on standard output: anything else that
    # writes to sys.stdout goes to standard error.
    out = sys.stdout
    sys.stdout = sys.stderr
    for raw in sys.stdin.buffer:
        try:
            line = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as e:
            resp = {"id": None, "type": "error", "message": f"malformed request: not UTF-8: {e}"}
        else:
            if not line.strip():
                continue
            resp = server.answer_line(line)
        out.write(json.dumps(resp, separators=(",", ":")) + "\n")
        out.flush()
    if args.stats:
        dt = time.perf_counter() - server.started
        log(f"phase adapter: {server.requests} requests in {dt:.1f} s ({server.requests / max(dt, 1e-9):.0f}/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
