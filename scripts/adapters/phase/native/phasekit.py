"""A thin wrapper over phase-python's public API for the native reproducers.

It only builds card data with `phase.build_oracle_face(_multi)`, starts a
game with `Engine.new_game`, and applies ordinary game actions with
`Game.apply` (mulligan keeps, casting, targets, attacks, blocks, passing
priority). It never edits or reloads a game state. Nothing here comes from
the battlecheck adapter.

Cards cost {0} so that no lands are needed; a deck is many copies of the
cards a player needs, so the opening hand holds them (the seed is fixed, and
`Table(..., need=...)` fails if a hand lacks a card).

Set PHASE_TRACE=1 to print every action with its events.
"""

import json
import os
import sys

import phase

TRACE = os.environ.get("PHASE_TRACE") == "1"
SIEGE_TEXT = ("(As a Siege enters, choose an opponent to protect it. You and others can attack it. "
              "When it's defeated, exile it, then cast it transformed.)")


def face(name, types, *, subtypes=(), text="", power=None, toughness=None, defense=None,
         keywords=(), layout="normal", face_name=None, side=None, cost="{0}"):
    """An MTGJSON-shaped face, as phase.build_oracle_face reads it."""
    d = {"name": name, "identifiers": {}, "colors": [], "colorIdentity": [], "manaValue": 0,
         "layout": layout, "types": list(types), "subtypes": list(subtypes), "supertypes": [],
         "text": text}
    if cost:
        d["manaCost"] = cost
    if power is not None:
        d["power"], d["toughness"] = str(power), str(toughness)
    if defense is not None:
        d["defense"] = str(defense)
    if keywords:
        d["keywords"] = list(keywords)
    if face_name:
        d["faceName"], d["side"] = face_name, side
    return d


def creature(name, power, toughness, *keywords):
    return [face(name, ["Creature"], power=power, toughness=toughness,
                 text=", ".join(keywords), keywords=keywords)]


def instant(name, text):
    return [face(name, ["Instant"], text=text)]


def siege(name, defense, back_name, back_types=("Creature",), power=3, toughness=3, *, text="",
          back_text="", **back):
    """A Siege (front) and its back face; both share an oracle id, which is
    how phase links a transforming card's faces. `text`: the front's text
    after the Siege reminder; `back_text` and `back` (subtypes, keywords):
    the back face's."""
    full = f"{name} // {back_name}"
    back_pt = {"power": power, "toughness": toughness} if "Creature" in back_types else {}
    return [face(full, ["Battle"], subtypes=["Siege"], defense=defense,
                 text=SIEGE_TEXT + ("\n" + text if text else ""), layout="transform", face_name=name, side="a"),
            face(full, list(back_types), text=back_text, layout="transform", face_name=back_name, side="b",
                 cost=None, **back_pt, **back)]


BEARS = creature("Grizzly Bears", 2, 2)
HILL_GIANT = creature("Hill Giant", 3, 3)
TRAMPLER = creature("Pool Trampler", 3, 3, "Trample")
STRIKER = creature("Pool Striker", 2, 1, "First strike")
SHOCK = instant("Shock", "Shock deals 2 damage to any target.")
ERODE = instant("Pool Erode", "Remove two defense counters from target battle.")
THREATEN = instant("Threaten the Gates", "Gain control of target permanent.")


def engine(*cards):
    db = {}
    for faces in cards:
        if len(faces) == 1:
            f = phase.build_oracle_face(faces[0], None)
            db[f["name"].lower()] = f
        else:
            oid = "native-" + faces[0]["name"]
            for i, fc in enumerate(faces):
                f = dict(phase.build_oracle_face_multi(fc, oid))
                f["layout"], f["face_index"] = "transform", i
                db[f["name"].lower()] = f
    return phase.Engine.from_json(json.dumps(db))


class Table:
    """A phase game from its first turn, driven by legal actions only."""

    def __init__(self, cards, decks, *, seed=1, need=None):
        eng = engine(*cards)
        fmt = "Standard" if len(decks) == 2 else "FreeForAll"
        self.g = eng.new_game(decks[0], decks[1], extra_players=decks[2:] or None, seed=seed,
                              format=fmt, first_player=0)
        self.events = []
        while self.wf["type"] == "MulliganDecision":
            self.do(self.wf["data"]["pending"][0]["player"], "MulliganDecision", choice={"type": "Keep"})
        for seat, names in (need or {}).items():
            for n in names:
                self.card(n, seat, "hand")

    # --- reading -----------------------------------------------------
    @property
    def wf(self):
        return self.g.waiting_for()

    @property
    def prompt(self):
        return self.wf["type"]

    @property
    def actor(self):
        d = self.wf.get("data") or {}
        return d.get("player", self.g.priority_player())

    def state(self):
        return self.g.state()["state"]

    def combat(self):
        return self.state().get("combat") or {}

    def obj(self, oid):
        return self.g.object(oid)

    def card(self, name, seat=None, zone=None):
        """The id of a card named `name` (owned by `seat`, in `zone`)."""
        for o in self.state()["objects"].values():
            if (o["name"] == name and (seat is None or o["owner"] == seat)
                    and (zone is None or o["zone"].lower() == zone)):
                return o["id"]
        raise LookupError(f"no {name} of seat {seat} in {zone}")

    def where(self):
        return f"turn {self.g.turn} {self.g.phase}, waiting for {self.prompt} of seat {self.actor}"

    # --- acting ------------------------------------------------------
    def do(self, seat, kind, **data):
        action = {"type": kind, "data": data} if data else {"type": kind}
        r = self.g.apply(seat, action)
        ev = r.events
        self.events.extend(ev)
        if TRACE:
            print(f"  [{self.g.turn} {self.g.phase}] seat {seat} {json.dumps(action)}", file=sys.stderr)
            for e in ev:
                print(f"      {e['type']} {json.dumps(e.get('data'))[:160]}", file=sys.stderr)
        return ev

    def pass_(self):
        """The player with priority passes (a player over hand size in the
        cleanup step discards their last cards)."""
        if self.prompt == "DiscardToHandSize":
            d = self.wf["data"]
            return self.do(d["player"], "SelectCards", cards=d["cards"][-d["count"]:])
        assert self.prompt == "Priority", self.where()
        return self.do(self.actor, "PassPriority")

    def pass_until(self, phase_name, turn=None, limit=400):
        """Every player passes until `phase_name` (of `turn`) with priority."""
        for _ in range(limit):
            if (self.g.phase == phase_name and (turn is None or self.g.turn == turn)
                    and self.prompt == "Priority"):
                return
            if self.prompt == "DeclareAttackers":
                self.do(self.actor, "DeclareAttackers", attacks=[], bands=[])
            elif self.prompt == "DeclareBlockers":
                self.do(self.actor, "DeclareBlockers", assignments=[])
            else:
                self.pass_()
        raise RuntimeError(f"never reached {phase_name}: {self.where()}")

    def until_prompt(self, kind, limit=400):
        """Every player passes (declaring no attackers or blockers) until
        phase asks for `kind` (e.g. "DeclareAttackers")."""
        for _ in range(limit):
            if self.prompt == kind:
                return
            if self.prompt == "DeclareAttackers":
                self.do(self.actor, "DeclareAttackers", attacks=[], bands=[])
            elif self.prompt == "DeclareBlockers":
                self.do(self.actor, "DeclareBlockers", assignments=[])
            else:
                self.pass_()
        raise RuntimeError(f"never asked for {kind}: {self.where()}")

    def resolve(self):
        """Everyone passes until the top of the stack has resolved (or a
        prompt other than priority comes)."""
        top = self.g.stack()[-1]["id"]      # the stack is listed bottom first
        for _ in range(10):
            if self.prompt != "Priority" or top not in [e["id"] for e in self.g.stack()]:
                return
            self.pass_()
        raise RuntimeError(f"the top of the stack never resolved: {self.where()}")

    def cast(self, seat, oid, target=None):
        """`seat` casts card `oid` (the players before it in the priority
        order pass first); `target` is an object id or ("player", seat)."""
        for _ in range(6):
            if self.prompt == "Priority" and self.actor == seat:
                break
            self.pass_()
        self.do(seat, "CastSpell", object_id=oid, card_id=self.obj(oid)["card_id"], targets=[],
                payment_mode={"type": "Auto"})
        if target is None:
            return
        t = {"Player": target[1]} if isinstance(target, tuple) else {"Object": target}
        if self.prompt in ("TargetSelection", "TriggerTargetSelection"):
            self.do(seat, "ChooseTarget", target=t)
        spell = next(e for e in self.g.stack() if e["id"] == oid)
        got = spell["kind"]["data"]["ability"]["targets"]
        if got != [t]:    # phase picks a single legal target itself
            raise RuntimeError(f"the spell targets {got}, not {t}")

    def settle(self, protector, *, no_trigger_targets=False, cast_transformed=True, limit=30):
        """Answer the prompts until a player holds priority with an empty
        stack, or a prompt not answered here comes: everyone passes while
        the stack holds something; an entering Siege's protector is seat
        `protector` (or `protector(chooser)`); with `no_trigger_targets` an
        "up to" trigger target is none; with `cast_transformed` a defeat
        trigger's cast is accepted."""
        for _ in range(limit):
            p = self.prompt
            if p == "NamedChoice":
                self.choose_protector(protector(self.actor) if callable(protector) else protector)
            elif p == "TriggerTargetSelection" and no_trigger_targets:
                self.do(self.actor, "ChooseTarget", target=None)
            elif p == "OptionalEffectChoice" and cast_transformed:
                self.do(self.actor, "DecideOptionalEffect", accept=True)
            elif p == "Priority" and self.g.stack():
                self.pass_()
            else:
                return

    def choose_protector(self, seat):
        """Answers phase's protector prompt for an entering Siege."""
        assert self.prompt == "NamedChoice", self.where()
        self.do(self.actor, "ChooseOption", choice=str(seat))

    def attack(self, seat, attacks):
        """attacks: [(attacker id, ("player", seat) | battle id)]."""
        assert self.prompt == "DeclareAttackers", self.where()
        self.do(seat, "DeclareAttackers", bands=[], attacks=[
            [a, {"type": "Player", "data": t[1]} if isinstance(t, tuple) else {"type": "Battle", "data": t}]
            for a, t in attacks])


def verdict(confirmed, yes, no):
    """Print the outcome and exit: 0 CONFIRMED (phase deviates), 1 NOT
    REPRODUCED (phase follows the rules)."""
    if confirmed:
        print(f"CONFIRMED: {yes}")
        sys.exit(0)
    print(f"NOT REPRODUCED: {no}")
    sys.exit(1)


def run(main):
    """Runs a reproducer; any error is exit 2."""
    try:
        main()
    except SystemExit:
        raise
    except BaseException as e:  # noqa: BLE001
        print(f"ERROR: {type(e).__name__}: {e}")
        sys.exit(2)
