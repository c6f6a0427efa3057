"""A phase.rs game seen through battlecheck's shared vocabulary.

`PhaseSession` holds one phase game set up from a battlecheck position and
answers the protocol's questions about it: its observation, its legal
decisions, applying a decision (all or nothing), snapshots. Everything the
shared observation needs that phase does not keep (the objects' history,
how a protector was chosen, summoning sickness of the position's cards) is
kept by the adapter in a `Tracker` and derived from phase's events.
"""

import copy
import json
import re

import cards as carddata

STEP_OF_PHASE = {
    "Untap": "upkeep",
    "Upkeep": "upkeep",
    "Draw": "draw",
    "PreCombatMain": "main1",
    "BeginCombat": "begin_combat",
    "DeclareAttackers": "declare_attackers",
    "DeclareBlockers": "declare_blockers",
    "CombatDamage": "combat_damage",
    "EndCombat": "end_combat",
    "PostCombatMain": "main2",
    "End": "end",
    "Cleanup": "end",
}

COARSE_STEP = {
    "upkeep": "main",
    "draw": "main",
    "main1": "main",
    "begin_combat": "main",
    "declare_attackers": "declare_attackers",
    "declare_blockers": "declare_blockers",
    "first_strike_damage": "first_strike_damage",
    "combat_damage": "combat_damage",
    "end_combat": "combat_damage",
    "main2": "main",
    "end": "main",
}

# Events after which phase's combat state is known to be unchanged (any
# other event makes the adapter read it again).
COMBAT_SAFE_EVENTS = {
    "PriorityPassed", "StackPushed", "SpellCast", "BecomesTarget", "EffectResolved",
    "StackResolved", "CounterAdded", "CounterRemoved", "DamageDealt", "LifeChanged",
    "CrimeCommitted", "PlayerPerformedAction", "DebugActionUsed", "ReplacementApplied",
}

# Steps a position may start in (with priority, no combat under way).
START_PHASES = {"upkeep": "Upkeep", "draw": "Draw", "main1": "PreCombatMain",
                "begin_combat": "BeginCombat", "main2": "PostCombatMain", "end": "End"}

COMBAT_PHASES = {"DeclareAttackers", "DeclareBlockers", "CombatDamage", "EndCombat"}

ZONES = {
    "Hand": "hand",
    "Battlefield": "battlefield",
    "Stack": "stack",
    "Graveyard": "graveyard",
    "Exile": "exile",
    "Library": "library",
    "Command": "outside",
}

HISTORY_COUNTS = ("defeats", "triggers", "trigger_exiles", "trigger_fizzles",
                  "triggers_countered", "transformed_casts", "exile_casts")
HISTORY_FLAGS = ("combat_defeat", "trampled", "hit_as_unblocked", "was_siege_copy")

FILLER_PER_PLAYER = 12
# mana of each color (and colorless) in each player's pool in a position
# that pays no mana: what phase pays every cost from
MANA_BUDGET = 20
# the hidden card that removes a Siege's last defense counter in a setup
# with its defeat trigger on the stack
TRIGGER_HELPER = "Pool Erode"

# who acts, by what phase waits for (phase's refusal "Wrong player"): only
# where that alone names the rule; who makes any other choice depends on
# the card, so such a refusal cites no rule
WRONG_PLAYER_RULE = {
    "Priority": "117.1",
    "DeclareAttackers": "508.1",
    "DeclareBlockers": "509.1",
}


def wrong_player_rule(prompt):
    return WRONG_PLAYER_RULE.get(prompt)


RULE_RE = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b")


from errors import Refused, SetupError, Unsupported  # noqa: E402,F401
from choices import CHOICE_PENDING, RealCardDecisions, find_key  # noqa: E402


def rule_in(message):
    m = RULE_RE.search(message or "")
    return m.group(1) if m else None


def seat_of(label, players):
    if not isinstance(label, str) or not re.fullmatch(r"P[1-9][0-9]*", label):
        raise SetupError(f"a player is named P1, P2, ...: got {label!r}")
    s = int(label[1:]) - 1
    if s >= players:
        raise SetupError(f"player {label} does not exist: the position has {players} players")
    return s


class TokenInfo:
    """What the observation needs of a token phase made that no card of the
    position stands for (a token a real card's effect creates): read from
    phase's object when observed."""

    dfc = False
    mdfc = False
    sorcery_back = False
    flash = False
    defense = 0
    back = None
    is_token = True

    def __init__(self, types=(), subtypes=()):
        self.types = [t.lower() for t in types]
        self.subtypes = list(subtypes)
        self.is_battle = "battle" in self.types
        self.is_siege = self.is_battle and "Siege" in self.subtypes
        self.is_creature = "creature" in self.types
        self.name = "token"


class Base:
    """A set-up position: the phase state it loads from, and how its cards
    map onto phase objects. Cached per position."""

    def __init__(self, state_json, oids, owners, names, players, turn0, setup_ctrl_since,
                 first_active, *, mana=False, histories=None, tokens=None, slots=None,
                 origins=None, controllers=None, teams=False):
        self.state_json = state_json
        self.teams = teams                # Two-Headed Giant: seats 0-1 and 2-3 are teams (810)
        self.oids = oids                  # card number -> phase object id (None: a token slot not made)
        self.owners = owners              # card number -> seat
        self.names = names                # card number -> card name
        self.card_of = {oid: i for i, oid in enumerate(oids) if oid is not None}
        self.players = players
        self.turn0 = turn0                # the position's turn number (phase starts at 1)
        self.setup_ctrl_since = setup_ctrl_since
        self.first_active = first_active
        self.mana = mana                  # players pay costs from pools they fill (else: the adapter's pool)
        self.info = [carddata.CARDS[n] for n in names]
        self.histories = histories or [None] * len(oids)
        self.tokens = tokens or [False] * len(oids)      # card number -> it is a token
        self.slots = slots or {}          # token slot card number -> the card whose effect makes it
        self.origins = origins or ["entered"] * len(oids)
        self.controllers = controllers or list(owners)


class Tracker:
    """What the adapter remembers beside phase's state: copied with every
    snapshot."""

    def __init__(self, base):
        n = len(base.oids)
        self.history = []
        for i in range(n):
            h = dict.fromkeys(HISTORY_COUNTS, 0) | dict.fromkeys(HISTORY_FLAGS, False)
            h.update(base.histories[i] or {})
            self.history.append(h)
        self.defense = [0] * n            # defense counters as last seen
        self.protector = [None] * n       # protector as last seen
        self.origin = list(base.origins)
        self.prot_seen = [False] * n      # a protector was seen since it entered
        self.cast_transformed = [False] * n  # on the stack, cast transformed (310.12b)
        self.zone = [None] * n            # phase zone as last seen
        self.controller = list(base.controllers)
        self.ctrl_since = list(base.setup_ctrl_since)
        self.turn_active = {1: base.first_active}
        self.active = base.first_active
        self.triggers = {}                # stack entry id -> source card (defeat triggers)
        self.block_ctrl = {}              # blocker card -> its controller when it blocked
        self.combat = None                # each card's combat part as phase has it (None: read it)
        self.trample_k = None             # a trample amount given, its division still to come (510.1c)
        self.unblocked = {}               # (turn, step, attacker oid) -> its as-though-unblocked choice
        self.blocks_waiting = {}          # a defender's blocks phase has not asked for yet
        self.stack_src = {}               # phase stack entry id -> its source card, as last seen
        self.resolving = None             # the source of what resolved last
        # objects: the position's cards and token slots, then tokens phase
        # made that no slot stands for, in the order they were made
        self.oids = list(base.oids)
        self.card_of = dict(base.card_of)
        self.owners = list(base.owners)
        self.info = list(base.info)
        self.tokens = list(base.tokens)

    def add_object(self, oid, owner, info):
        """A token phase made: the next object number."""
        c = len(self.oids)
        self.oids.append(oid)
        self.card_of[oid] = c
        self.owners.append(owner)
        self.info.append(info)
        self.tokens.append(True)
        self.history.append(dict.fromkeys(HISTORY_COUNTS, 0) | dict.fromkeys(HISTORY_FLAGS, False))
        self.defense.append(0)
        self.protector.append(None)
        self.origin.append("entered")
        self.prot_seen.append(False)
        self.cast_transformed.append(False)
        self.zone.append(None)
        self.controller.append(owner)
        self.ctrl_since.append(-1)
        return c

    def copy(self):
        t = copy.copy(self)
        t.history = [dict(h) for h in self.history]
        for name in ("defense", "protector", "origin", "prot_seen", "cast_transformed", "zone",
                     "controller", "ctrl_since", "oids", "owners", "info", "tokens"):
            setattr(t, name, list(getattr(self, name)))
        t.turn_active = dict(self.turn_active)
        t.triggers = dict(self.triggers)
        t.block_ctrl = dict(self.block_ctrl)
        t.unblocked = dict(self.unblocked)
        t.blocks_waiting = dict(self.blocks_waiting)
        t.stack_src = dict(self.stack_src)
        t.card_of = dict(self.card_of)
        return t


def bump(h, key):
    h[key] = min(3, h[key] + 1)


class Snapshot:
    def __init__(self, anchor, suffix, tracker):
        self.anchor = anchor              # [state_json] (a list, so it can be filled in later)
        self.suffix = suffix              # tuple of (actor, action) applied after the anchor
        self.tracker = tracker


def step_of(phase, combat):
    """The step, as the rules name it, of a phase game in `phase`, whose
    combat state `combat()` gives. phase keeps both combat damage steps of
    510.4 in its one `CombatDamage` phase: between them its combat state has
    `first_strike_done` set and `regular_damage_done` not, and players get
    priority there (510.3). So a change of step is a change of this, not of
    phase's phase."""
    if phase == "CombatDamage":
        c = combat()
        if c.get("first_strike_done") and not c.get("regular_damage_done"):
            return "first_strike_damage"
    return STEP_OF_PHASE.get(phase, "main1")


def step_in(game):
    """`step_of` for a phase game read afresh (a scratch copy)."""
    return step_of(game.phase, lambda: game.state()["state"].get("combat") or {})


class Decisions(RealCardDecisions):
    """Legal decisions and applying them: mixed into PhaseSession."""

    # ------------------------------------------------------------------
    # helpers

    def _players_from(self, first):
        n = self.base.players
        return [(first + k) % n for k in range(n) if self.in_game((first + k) % n)]

    def _scratch(self):
        """A throw-away copy of the game in progress: its anchor state
        loaded and the actions since replayed (cheaper than exporting the
        live game's state)."""
        g = self.engine.load_game(self.anchor[0])
        for actor, action in self.suffix:
            g.apply(actor, action)
        return g

    def _stack_ids(self, game=None):
        g = game or self.game
        return [e["id"] for e in g.stack()]

    def _target_of(self, t, game, cards_too=True):
        """A phase target as a shared Target, or None."""
        card_of = self.trk.card_of
        if "Player" in t:
            return {"player": t["Player"]}
        if "Object" in t:
            oid = t["Object"]
            c = card_of.get(oid)
            if c is not None:
                o = game.object(oid) or {}
                if o.get("zone") == "Battlefield":
                    return {"permanent": c}
                if cards_too and o.get("zone") in ("Graveyard", "Stack", "Exile"):
                    # a card in a graveyard (or a spell) as a target
                    return {"card": c}
                return None
            for e in game.stack():
                if e["id"] == oid and e.get("kind", {}).get("type") == "TriggeredAbility":
                    src = card_of.get(e.get("source_id"))
                    if src is not None:
                        return {"trigger": src}
            return None
        if "StackEntry" in t or "Stack" in t:
            oid = t.get("StackEntry", t.get("Stack"))
            for e in game.stack():
                if e["id"] == oid:
                    src = card_of.get(e.get("source_id"))
                    if src is not None:
                        return {"trigger": src}
        return None

    def _phase_target(self, target, game):
        """A shared Target as the phase targets it may match (a list)."""
        oids = self.trk.oids
        if "player" in target:
            return [{"Player": target["player"]}]
        if "permanent" in target or "card" in target:
            c = target.get("permanent", target.get("card"))
            if not isinstance(c, int) or not 0 <= c < len(oids):
                return []
            return [{"Object": oids[c]}]
        if "trigger" in target:
            c = target["trigger"]
            if not isinstance(c, int) or not 0 <= c < len(oids):
                return []
            out = []
            for e in game.stack():
                if e.get("kind", {}).get("type") == "TriggeredAbility" and e.get("source_id") == oids[c]:
                    out.append({"Object": e["id"]})
                    out.append({"StackEntry": e["id"]})
            return out
        return []

    def _pass_to(self, game, player):
        """Pass priority in `game` until `player` holds it; False if that
        cannot happen without the stack or the step changing."""
        start = (game.turn, step_in(game), self._stack_ids(game))
        for _ in range(self.base.players + 1):
            wf = game.waiting_for()
            if wf["type"] != "Priority":
                return False
            if wf["data"]["player"] == player:
                return True
            game.apply(wf["data"]["player"], {"type": "PassPriority"})
            if (game.turn, step_in(game), self._stack_ids(game)) != start:
                return False
        return False

    # ------------------------------------------------------------------
    # legal decisions

    def legal(self):
        out = self._cache.get("legal")
        if out is not None:
            return out
        pending = self.pending()
        out = []
        if pending == "game_over":
            self._cache["legal"] = out
            return out
        wf = self._waiting()
        d = wf.get("data") or {}
        if pending == "priority" and wf["type"] == "ReplacementChoice":
            out.extend(self._choice_legal())
        elif pending == "priority":
            out.append({"decision": "pass_all"})
            out.extend(self._cast_decisions(d["player"]))
            out.extend(self._priority_extras(d["player"]))
        elif pending in CHOICE_PENDING.values() or pending == "choose_cards":
            out.extend(self._choice_legal())
        elif pending == "declare_attackers":
            out.extend(self._attack_decisions(d))
        elif pending == "declare_blockers":
            out.extend(self._block_decisions())
        elif pending == "assign_as_unblocked":
            a = self.trk.card_of.get(d.get("attacker_id"))
            if a is not None:
                for v in (True, False):
                    out.append({"decision": "assign_as_unblocked", "player": d["player"], "attacker": a,
                                "as_unblocked": v})
        elif pending == "assign_trample":
            a = self.trk.card_of.get(d.get("attacker_id"))
            if a is not None:
                for k in range(self._trample_excess(d) + 1):
                    out.append({"decision": "assign_trample", "attacker": a, "to_attacked": k})
        elif pending == "divide_damage":
            a = self.trk.card_of.get(d.get("attacker_id"))
            if a is not None:
                for split in self._divisions(d, self.trk.trample_k or 0):
                    out.append({"decision": "divide_damage", "attacker": a,
                                "division": [[self.trk.card_of.get(b, b), n] for b, n in split]})
        elif pending == "choose_protectors":
            battle, options = self._protector_prompt(wf)
            for p in options:
                out.append({"decision": "choose_protectors", "choices": [[battle, p]]})
        elif pending == "cast_transformed":
            card = self._optional_card(wf)
            for cast in (True, False):
                out.append({"decision": "cast_transformed", "player": d["player"], "card": card, "cast": cast})
        for p in range(self.base.players):
            if self.in_game(p):
                out.append({"decision": "concede", "player": p})
        self._cache["legal"] = out
        return out

    def _protector_prompt(self, wf):
        d = wf.get("data") or {}
        if wf["type"] == "BattleProtectorChoice":
            return self.trk.card_of.get(d.get("battle_id")), list(d.get("candidates", []))
        src = d.get("source") or {}
        ref = (((src.get("prompt") or {}).get("identity") or {}).get("reference") or {})
        battle = self.trk.card_of.get(ref.get("object_id"))
        return battle, [int(o) for o in d.get("options", [])]

    def _optional_card(self, wf):
        d = wf.get("data") or {}
        found = find_key(d, "object_id", self.trk.card_of)
        if found is None:
            found = find_key(d, "source_id", self.trk.card_of)
        if found is None:
            raise Unsupported(f"an optional effect with no source among the position's cards: {json.dumps(d)[:300]}")
        return self.trk.card_of[found]

    def _cast_decisions(self, holder):
        out = self._cast_decisions_phase(holder)
        if not self.base.mana:
            return out
        # a game that pays mana: a spell phase lets creatures convoke is
        # listed once for each set of them that, with the mana pool, pays
        # its cost exactly (702.51a, 601.2h), in card order
        result, done = [], {}
        for d in out:
            key = (d["player"], d["card"], json.dumps(d.get("targets")), d.get("x"))
            if key not in done:
                done[key] = self._convoke_sets(d)
            sets = done[key]
            if sets is None:
                result.append(d)
                continue
            for crew in sets:
                e = dict(d)
                if crew:
                    e["convoke"] = crew
                result.append(e)
        return result

    def _convoke_sets(self, dec):
        """None if phase offers no convoke for the cast `dec`; else the sets
        of creatures (card numbers, in card order) whose convoke, with the
        mana pool, pays its cost, each tried on a scratch copy."""
        p, oid = dec["player"], self.trk.oids[dec["card"]]
        g = self._scratch()
        if not self._pass_to(g, p):
            return None
        left = list(dec.get("targets") or [])
        try:
            g.apply(p, {"type": "CastSpell", "data": {"object_id": oid, "card_id": oid, "targets": [],
                                                      "payment_mode": {"type": "Manual"}}})
            for _ in range(8):
                wf = g.waiting_for()
                if wf["type"] == "ChooseXValue":
                    g.apply(p, {"type": "ChooseX", "data": {"value": int(dec.get("x") or 0)}})
                elif wf["type"] == "TargetSelection" and left:
                    want = left.pop(0)
                    legal = (wf["data"].get("selection") or {}).get("current_legal_targets")
                    pick = next((ch for ch in self._phase_target(want, g) if legal is None or ch in legal), None)
                    if pick is None:
                        return None
                    g.apply(p, {"type": "ChooseTarget", "data": {"target": pick}})
                else:
                    break
        except ValueError:
            return None
        if g.waiting_for()["type"] != "ManaPayment":
            return None
        creatures = sorted({(self.trk.card_of[a.data["object_id"]], a.data["object_id"]) for a in g.actions()
                            if a.kind == "TapForConvoke" and (a.data or {}).get("object_id") in self.trk.card_of})
        if not creatures:
            return None
        at_payment = json.dumps(g.state())
        out = []
        for mask in range(0, 1 << min(len(creatures), 8)):
            chosen = [creatures[i] for i in range(len(creatures)) if mask >> i & 1]
            t = self.engine.load_game(at_payment)
            untapped = {o["id"] for o in t.battlefield() if not o.get("tapped")} - {x for _, x in chosen}
            ok = True
            paid = []
            try:
                for _, x in chosen:
                    if t.waiting_for()["type"] != "ManaPayment":
                        ok = False          # it would pay nothing (601.2h)
                        break
                    taps = [a.to_dict() for a in t.actions() if a.kind == "TapForConvoke"
                            and (a.data or {}).get("object_id") == x]
                    tap = convoke_tap(t.state()["state"].get("pending_cast") or {}, taps, paid) if taps else None
                    if tap is None:
                        ok = False
                        break
                    paid.append(tap["data"].get("mana_type"))
                    t.apply(p, tap)
                if ok and t.waiting_for()["type"] == "ManaPayment":
                    t.apply(p, {"type": "PassPriority"})
                ok = ok and t.waiting_for()["type"] != "ManaPayment" and not (
                    {o["id"] for o in t.battlefield() if o.get("tapped")} & untapped)
            except ValueError:
                ok = False
            if ok:
                out.append([c for c, _ in chosen])
        return out

    def _cast_decisions_phase(self, holder):
        """Every cast phase allows in this priority window: the holder's,
        and each other player's once the players before them have passed
        (117.3d), found on one scratch copy of the game, player after
        player in turn order. A targeted spell is cast there to read its
        legal targets from phase's target prompt, then cancelled."""
        out = []
        card_of = self.trk.card_of
        info = self.trk.info
        order = self._players_from(holder)
        with_cards = [p for p in order if any(oid in card_of for oid in self._player(p)["hand"])]
        if not with_cards:
            return out
        scratch = None
        for p in order:
            if p not in with_cards:
                continue
            if p == holder and scratch is None:
                game = self.game
            else:
                if scratch is None:
                    scratch = self._scratch()
                if not self._pass_to(scratch, p):
                    if self.base.teams:
                        # phase gives priority to one player of each team:
                        # the next may still receive it (a fresh copy)
                        scratch = None
                        continue
                    break
                game = scratch
            casts = [a.data for a in game.actions() if a.kind == "CastSpell" and a.data.get("object_id") in card_of]
            for a in casts:
                c = card_of[a["object_id"]]
                if self.base.mana and "{X}" in (info[c].cost or "") and info[c].targets == 0:
                    # a game that pays mana: X is announced (601.2b), one
                    # cast for each X the mana pool pays (601.2h)
                    for x in self._payable_xs(p, a):
                        out.append({"decision": "cast", "player": p, "card": c, "x": x})
                    continue
                if info[c].targets == 0:
                    out.append({"decision": "cast", "player": p, "card": c})
                    continue
                if scratch is None:
                    scratch = self._scratch()
                if not self._pass_to(scratch, p):
                    break
                try:
                    scratch.apply(p, {"type": "CastSpell", "data": a})
                except ValueError:
                    continue
                wf = scratch.waiting_for()
                if wf["type"] == "TargetSelection":
                    slots = wf["data"].get("target_slots", [])
                    if len(slots) != 1:
                        # several targets: listed as phase takes them in
                        # the cast itself, not here
                        self.log(f"phase adapter: legal: card {c} has {len(slots)} target slots; not listed")
                        scratch = None
                        continue
                    for t in slots[0].get("legal_targets", []):
                        st = self._target_of(t, scratch)
                        if st is not None:
                            out.append({"decision": "cast", "player": p, "card": c, "targets": [st]})
                    try:
                        scratch.apply(p, {"type": "CancelCast"})
                        wf = scratch.waiting_for()
                        clean = wf["type"] == "Priority" and wf["data"]["player"] == p
                    except ValueError:
                        clean = False
                else:
                    # No target prompt: phase chose the only legal target
                    # itself (or the spell has none).
                    chosen = [self._target_of(t, scratch) for t in self._spell_targets(scratch, a["object_id"])]
                    if chosen and None not in chosen:
                        out.append({"decision": "cast", "player": p, "card": c, "targets": chosen})
                    elif not chosen:
                        out.append({"decision": "cast", "player": p, "card": c})
                    clean = False
                if not clean:
                    # a fresh copy, brought back to this player
                    scratch = self._scratch()
                    if not self._pass_to(scratch, p):
                        break
        return out

    def _payable_xs(self, p, action):
        """The values of X for which phase's cast of `action`, paid from
        P's mana pool alone (as `_apply_cast` pays), goes through: each
        tried on a scratch copy."""
        out = []
        pool = len(((self._player(p).get("mana_pool") or {}).get("mana")) or [])
        for x in range(pool + 1):
            g = self._scratch()
            if not self._pass_to(g, p):
                return out
            try:
                g.apply(p, {"type": "CastSpell", "data": dict(action, payment_mode={"type": "Manual"})})
                ok = False
                for _ in range(8):
                    wf = g.waiting_for()
                    if wf["type"] == "ChooseXValue":
                        g.apply(p, {"type": "ChooseX", "data": {"value": x}})
                    elif wf["type"] == "ManaPayment":
                        untapped = {o["id"] for o in g.battlefield() if not o.get("tapped")}
                        g.apply(p, {"type": "PassPriority"})
                        tapped = {o["id"] for o in g.battlefield() if o.get("tapped")} & untapped
                        ok = not tapped and g.waiting_for()["type"] != "ManaPayment"
                        break
                    else:
                        ok = any(e.get("source_id") == action["object_id"] for e in g.stack())
                        break
            except ValueError:
                ok = False
            if ok:
                out.append(x)
        return out

    def _spell_targets(self, game, oid):
        """The targets phase recorded for spell `oid` on the stack."""
        for e in game.stack():
            kind = e.get("kind", {})
            if kind.get("type") == "Spell" and e.get("source_id") == oid:
                ability = (kind.get("data") or {}).get("ability") or {}
                return list(ability.get("targets") or [])
        return []

    def _attack_decisions(self, d):
        card_of = self.trk.card_of
        options = []
        by = d.get("valid_attack_targets_by_attacker") or {}
        for oid in d.get("valid_attacker_ids", []):
            c = card_of.get(oid)
            if c is None:
                continue
            opts = [None]
            for t in by.get(str(oid), d.get("valid_attack_targets", [])):
                if t.get("type") == "Player":
                    opts.append({"player": t["data"]})
                elif t.get("type") in ("Battle", "Planeswalker"):
                    b = card_of.get(t["data"])
                    if b is not None:
                        opts.append({t["type"].lower(): b})
            options.append((c, opts))
        out = []
        for combo in _product(options):
            out.append({"decision": "declare_attackers", "attacks": combo})
        return out

    def _block_prompts(self):
        """Each defending player's block prompt, in phase's order: the
        current one, then the next ones reached by declaring no blocks on a
        scratch copy."""
        prompts = [self._waiting()["data"]]
        scratch = None
        for _ in range(self.base.players):
            if scratch is None:
                scratch = self._scratch()
            wf = scratch.waiting_for()
            if wf["type"] != "DeclareBlockers":
                break
            scratch.apply(wf["data"]["player"], {"type": "DeclareBlockers", "data": {"assignments": []}})
            wf = scratch.waiting_for()
            if wf["type"] != "DeclareBlockers":
                break
            prompts.append(wf["data"])
        return prompts

    def _block_decisions(self):
        card_of = self.trk.card_of
        options = []
        for d in self._block_prompts():
            targets = d.get("valid_block_targets") or {}
            for oid in d.get("valid_blocker_ids", []):
                c = card_of.get(oid)
                if c is None:
                    continue
                opts = [None] + [card_of[a] for a in targets.get(str(oid), []) if a in card_of]
                options.append((c, opts))
        # phase offers each blocker's options one by one; a restriction on
        # the declaration as a whole (menace, 702.111b) shows only when it
        # is declared, so each combination is declared on a scratch copy.
        return [{"decision": "declare_blockers", "blocks": combo}
                for combo in _product(options) if self._blocks_accepted(combo)]

    def _blocks_accepted(self, blocks):
        """Does phase accept these blocks, each defending player's declared
        when phase asks for them (on a scratch copy)?"""
        if not blocks:
            return True
        pairs = [(self.trk.oids[b], self.trk.oids[a]) for b, a in blocks]
        try:
            _declare_blocks(self._scratch(), pairs, self.base.players)
        except ValueError:  # phase's refusal of the declaration
            return False
        return True

    # ------------------------------------------------------------------
    # applying a decision, all or nothing

    def apply(self, decision):
        if not isinstance(decision, dict):
            raise Refused("a decision is an object")
        self._transaction(lambda: self._decide(decision))

    def _decide(self, decision):
        kind = decision.get("decision")
        handler = self.DECISIONS.get(kind)
        if handler is None:
            raise Refused(f"unknown decision {kind!r}")
        getattr(self, handler)(decision)

    DECISIONS = {
        "pass_all": "_apply_pass_all",
        "cast": "_apply_cast",
        "concede": "_apply_concede",
        "choose_protectors": "_apply_protectors",
        "declare_attackers": "_apply_attackers",
        "declare_blockers": "_apply_blockers",
        "assign_trample": "_apply_trample",
        "assign_as_unblocked": "_apply_as_unblocked",
        "divide_damage": "_apply_division",
        "cast_transformed": "_apply_cast_transformed",
        "target_trigger": "_apply_choice",
        "choose_cards": "_apply_choice",
        "choose_modes": "_apply_choice",
        "pay_unless": "_apply_choice",
        "keep_legend": "_apply_choice",
        "choose_copy": "_apply_choice",
        "choose_new_targets": "_apply_choice",
        "activate_mana": "_apply_activate_mana",
        "play_land": "_apply_play_land",
        "activate": "_apply_activate",
        "equip": "_apply_equip",
    }

    def _transaction(self, body):
        """Take a decision or action all or nothing: if phase refuses any
        part, the game is rebuilt as it was."""
        anchor, suffix, trk = self.anchor, list(self.suffix), self.trk.copy()
        self.facts = []
        try:
            body()
            self._settle()
            self.pending()
            self._check_gaps()
        except Refused:
            if len(self.suffix) != len(suffix):
                self._rebuild(anchor, suffix, trk)
            else:
                self.trk = trk
                self._touch()
            raise
        except Exception:
            if len(self.suffix) != len(suffix):
                self._rebuild(anchor, suffix, trk)
            else:
                self.trk = trk
                self._touch()
            raise

    # ------------------------------------------------------------------
    # one player's action (the protocol's `act`)

    def act(self, action):
        if not isinstance(action, dict):
            raise Refused("an action is an object")
        self._transaction(lambda: self._act_one(action))

    def _expect_actor(self, p, what):
        """The player phase waits for must be `p`."""
        wf = self._waiting()
        who = (wf.get("data") or {}).get("player")
        if wf["type"] == "Priority":
            if who != p:
                raise Refused(f"illegal by rule 117.1: P{p + 1} does not hold priority (P{who + 1} does)", "117.1")
            return
        if who is not None and who != p:
            raise Refused(f"P{p + 1} cannot {what}: phase waits for P{who + 1} ({wf['type']})",
                          wrong_player_rule(wf["type"]))

    def _act_one(self, a):
        kind = a.get("action")
        a = {k: v for k, v in a.items() if k != "action"}
        p = a.get("player")
        if p is not None:
            self._seat(p)
            if not self.in_game(p) and kind != "concede":
                raise Refused(f"illegal by rule 800.4a: P{p + 1} has left the game", "800.4a")
        wf = self._waiting()
        if kind == "pass":
            if wf["type"] != "Priority":
                raise Refused(f"illegal by rule 117.1: P{p + 1} cannot pass priority: the game waits for "
                              f"{wf['type']}", "117.1")
            self._expect_actor(p, "pass")
            self._act(p, {"type": "PassPriority"})
            return
        if kind == "cast":
            if wf["type"] == "Priority":
                self._expect_actor(p, "cast")
            self._apply_cast(dict(a, decision="cast"))
            return
        if kind == "concede":
            self._apply_concede(a)
            return
        if kind == "choose_protector":
            if wf["type"] in ("NamedChoice", "BattleProtectorChoice"):
                self._expect_actor(p, "choose a protector")
            self._apply_protectors({"choices": [[a.get("battle"), a.get("protector")]]})
            return
        if kind == "declare_blockers":
            self._act_blockers(p, a.get("blocks"))
            return
        if kind == "declare_attackers":
            if wf["type"] == "DeclareAttackers":
                self._expect_actor(p, "declare attackers")
            elif wf["type"] == "Priority":
                raise Refused(f"illegal by rule 508.1: attackers are not being declared: the game waits for "
                              f"P{wf['data']['player'] + 1} to act with priority", "508.1")
            self._apply_attackers(a)
            return
        handler = self.DECISIONS.get(kind)
        if handler is None:
            raise Refused(f"the phase adapter has no mapping for the action {kind!r}")
        if p is not None and wf["type"] != "Priority":
            self._expect_actor(p, kind)
        getattr(self, handler)(dict(a, decision=kind))

    def _act_blockers(self, p, blocks):
        """One defending player's blocks. phase asks the defenders one at a
        time, in APNAP order (802.4): a defender it does not ask yet is
        refused."""
        if not isinstance(blocks, list):
            raise Refused("declare_blockers needs blocks")
        wf = self._waiting()
        if wf["type"] != "DeclareBlockers":
            raise Refused(f"illegal by rule 509.1: blockers are not being declared: the game waits for "
                          f"{wf['type']}", "509.1")
        pairs = [(self._card(b, "blocker"), self._card(a, "attacker")) for b, a in blocks]
        defenders = {d.get("player") for d in self._block_prompts()}
        if p not in defenders:
            raise Refused(f"P{p + 1} is not a defending player")
        if p in self.trk.blocks_waiting:
            raise Refused(f"illegal by rule 509.1: P{p + 1} has declared blockers", "509.1")
        for b, _ in pairs:
            if self._obj(b).get("controller") != p:
                raise Refused(f"illegal by rule 509.1a: card {self.trk.card_of.get(b)} is not controlled by "
                              f"P{p + 1}", "509.1a")
        q = wf["data"]["player"]
        if q != p:
            # phase asks the defending players one at a time, in APNAP
            # order: the one it asks now declares first (802.4)
            raise Refused(f"illegal by rule 802.4: defending players declare blockers in APNAP order: "
                          f"P{q + 1} declares now, not P{p + 1}", "802.4")
        self.trk.blocks_waiting = dict(self.trk.blocks_waiting)
        self.trk.blocks_waiting[p] = pairs
        self._touch()
        for _ in range(self.base.players):
            wf = self._waiting()
            if wf["type"] != "DeclareBlockers":
                break
            q = wf["data"]["player"]
            if q not in self.trk.blocks_waiting:
                break
            mine = self.trk.blocks_waiting.pop(q)
            for b, _ in mine:
                self.trk.block_ctrl[self.trk.card_of[b]] = q
            self._act(q, {"type": "DeclareBlockers", "data": {"assignments": [[b, a] for b, a in mine]}})

    def _card(self, c, what="card"):
        if not isinstance(c, int) or not 0 <= c < len(self.trk.oids):
            raise Refused(f"{what} {c!r} is not a card of the position")
        if self.trk.oids[c] is None:
            raise Refused(f"{what} {c!r} is a token not made")
        return self.trk.oids[c]

    def _seat(self, p):
        if not isinstance(p, int) or not 0 <= p < self.base.players:
            raise Refused(f"player {p!r} does not exist")
        return p

    def _apply_pass_all(self, dec=None):
        wf = self._waiting()
        if wf["type"] != "Priority":
            actor = (wf.get("data") or {}).get("player", self.trk.active)
            self._act(actor, {"type": "PassPriority"})   # phase's refusal
            return
        start_turn, start_step = self.game.turn, self.turn_step()
        start_stack = self._stack_ids()
        top = start_stack[-1] if start_stack else None
        for _ in range(2 * self.base.players + 2):
            wf = self._waiting()
            if wf["type"] != "Priority":
                return
            self._act(wf["data"]["player"], {"type": "PassPriority"})
            stack = self._stack_ids()
            if (self.game.turn, self.turn_step()) != (start_turn, start_step):
                return
            if top is not None and top not in stack:
                return
            if stack != start_stack:
                return
        raise Refused("every player passed and neither did the top of the stack resolve nor the step end")

    def _apply_cast(self, dec):
        p = self._seat(dec.get("player"))
        oid = self._card(dec.get("card"))
        targets = dec.get("targets") or []
        if not self.in_game(p):
            raise Refused(f"player {p} has left the game", "800.4a")
        self._to_priority(p)
        # a position that pays mana pays from the mana pool the player
        # filled (601.2g-h): phase's manual payment; else phase pays
        mode = "Manual" if self.base.mana else "Auto"
        untapped_before = self._untapped()
        self._act(p, {"type": "CastSpell", "data": {"object_id": oid, "card_id": oid, "targets": [],
                                                     "payment_mode": {"type": mode}}})
        left = list(targets)
        convoke = [self._card(x, "convoke creature") for x in (dec.get("convoke") or [])]
        convoked = []                    # the mana each convoking creature paid
        asked_x = False
        for _ in range(16):
            wf = self._waiting()
            if wf["type"] == "ChooseXValue":
                asked_x = True
                if self.base.mana and dec.get("x") is None:
                    raise Refused(f"illegal by rule 601.2b: card {dec.get('card')} has X in its mana cost, and the "
                                  f"cast announces no X", "601.2b")
                self._act(p, {"type": "ChooseX", "data": {"value": int(dec.get("x") or 0)}})
                continue
            if wf["type"] == "ManaPayment" and convoke:
                oid = convoke.pop(0)
                taps = [a.to_dict() for a in self.game.actions() if a.kind == "TapForConvoke"
                        and (a.data or {}).get("object_id") == oid]
                if not taps:
                    raise Refused(f"phase does not let card {self.trk.card_of.get(oid)} convoke", "702.51a")
                # one mana of its color where the cost still has it, else
                # {1} where it still has generic mana (702.51a)
                tap = convoke_tap(self._state().get("pending_cast") or {}, taps, convoked)
                if tap is None:
                    raise Refused(f"illegal by rule 601.2h: card {self.trk.card_of.get(oid)} would pay nothing "
                                  f"of card {dec.get('card')}'s cost by convoking", "601.2h")
                convoked.append(tap["data"].get("mana_type"))
                self._act(p, tap)
                continue
            if wf["type"] == "ManaPayment":
                # the rest from the mana pool (601.2h); phase taps the
                # player's untapped mana sources for what the pool lacks,
                # which a position that pays mana leaves to the player
                untapped = {o["id"] for o in self.game.battlefield() if not o.get("tapped")}
                self._act(p, {"type": "PassPriority"})
                tapped_now = {o["id"] for o in self.game.battlefield() if o.get("tapped")} & untapped
                if tapped_now:
                    raise Refused(f"illegal by rule 601.2h: the mana in P{p + 1}'s mana pool does not pay the "
                                  f"cost of card {dec.get('card')} (phase would tap "
                                  f"{sorted(self.trk.card_of.get(x, x) for x in tapped_now)} for it)", "601.2h")
                if self._waiting()["type"] == "ManaPayment":
                    raise Refused(f"illegal by rule 601.2h: the mana in P{p + 1}'s mana pool does not pay the "
                                  f"cost of card {dec.get('card')} (phase waits for more mana)", "601.2h")
                continue
            if wf["type"] not in ("TargetSelection",):
                break
            if not left:
                raise Refused(f"card {dec.get('card')} needs a target: phase asks for one", "601.2c")
            want = left.pop(0)
            legal = (wf["data"].get("selection") or {}).get("current_legal_targets")
            choices = self._phase_target(want, self.game)
            pick = None
            for ch in choices:
                if legal is None or ch in legal:
                    pick = ch
                    break
            if pick is None:
                raise Refused(f"{json.dumps(want)} is not a legal target for card {dec.get('card')} in phase "
                              f"(legal: {json.dumps(legal)})")
            self._act(p, {"type": "ChooseTarget", "data": {"target": pick}})
        if left:
            # phase chooses the only legal target itself, without a prompt
            auto = [self._target_of(t, self.game) for t in self._spell_targets(self.game, oid)]
            if auto and auto == left:
                left = []
            elif auto:
                raise Refused(f"{json.dumps(left)} is not a legal target for card {dec.get('card')} in phase, "
                              f"whose only legal target is {json.dumps(auto)}")
        if left:
            raise Refused(f"card {dec.get('card')} takes no more targets: {json.dumps(left)} left over", "601.2c")
        if convoke:
            # the cost was paid before these creatures convoked: each would
            # pay nothing (702.51a, 601.2h)
            raise Refused(f"illegal by rule 601.2h: card {dec.get('card')}'s cost is paid without convoking "
                          f"{[self.trk.card_of.get(x) for x in convoke]}", "601.2h")
        self._guard_mana(p, untapped_before, set(self._card(x) for x in (dec.get("convoke") or [])) | {oid},
                         dec.get("card"))
        if dec.get("x") is not None and not asked_x:
            raise Refused(f"illegal by rule 107.3a: card {dec.get('card')} has no X in its mana cost, and the cast "
                          f"announces X = {dec.get('x')} (phase asks for no X)", "107.3a")

    def _apply_concede(self, dec):
        p = self._seat(dec.get("player"))
        if not self.in_game(p):
            raise Refused(f"player {p} has left the game", "800.4a")
        self._act(p, {"type": "Concede", "data": {"player_id": p}})
        wf = self._waiting()
        if "concede-sba" in self.masks and wf["type"] == "Priority":
            # battlecheck performs state-based actions as soon as a player
            # concedes; phase does when a player next receives priority.
            self._act(wf["data"]["player"], {"type": "Debug", "data": {"type": "RunStateBasedActions"}})

    def _apply_protectors(self, dec):
        choices = dec.get("choices")
        if not isinstance(choices, list) or not choices:
            raise Refused("choose_protectors needs choices")
        left = [list(c) for c in choices]
        while left:
            wf = self._waiting()
            if wf["type"] not in ("NamedChoice", "BattleProtectorChoice"):
                raise Refused(f"no protector is being chosen: phase waits for {wf['type']}")
            battle, options = self._protector_prompt(wf)
            match = [c for c in left if c[0] == battle]
            if not match:
                raise Refused(f"phase asks for the protector of card {battle}, the decision names {json.dumps(left)}", "310.9a")
            b, p = match[0]
            left.remove(match[0])
            actor = wf["data"]["player"]
            if wf["type"] == "NamedChoice":
                self._act(actor, {"type": "ChooseOption", "data": {"choice": str(p)}})
            else:
                self._act(actor, {"type": "ChooseBattleProtector", "data": {"protector": p}})
            self._settle()

    def _apply_attackers(self, dec):
        attacks = dec.get("attacks")
        if not isinstance(attacks, list):
            raise Refused("declare_attackers needs attacks")
        out = []
        for a in attacks:
            c, t = a
            oid = self._card(c, "attacker")
            if "player" in t:
                tgt = {"type": "Player", "data": self._seat(t["player"])}
            elif "battle" in t:
                tgt = {"type": "Battle", "data": self._card(t["battle"], "battle")}
            elif "planeswalker" in t:
                tgt = {"type": "Planeswalker", "data": self._card(t["planeswalker"], "planeswalker")}
            else:
                raise Refused(f"unknown attack target {json.dumps(t)}")
            out.append([oid, tgt])
        wf = self._waiting()
        actor = (wf.get("data") or {}).get("player", self.trk.active) if wf["type"] == "DeclareAttackers" else self.trk.active
        self._act(actor, {"type": "DeclareAttackers", "data": {"attacks": out, "bands": []}})

    def _apply_blockers(self, dec):
        blocks = dec.get("blocks")
        if not isinstance(blocks, list):
            raise Refused("declare_blockers needs blocks")
        left = []
        for b, a in blocks:
            left.append((self._card(b, "blocker"), self._card(a, "attacker")))
        wf = self._waiting()
        if wf["type"] != "DeclareBlockers":
            actor = (wf.get("data") or {}).get("player", self.trk.active)
            self._act(actor, {"type": "DeclareBlockers", "data": {"assignments": [[b, a] for b, a in left]}})
            return
        for _ in range(self.base.players):
            wf = self._waiting()
            if wf["type"] != "DeclareBlockers":
                break
            p = wf["data"]["player"]
            mine = [(b, a) for b, a in left if self._obj(b).get("controller") == p]
            for x in mine:
                left.remove(x)
                self.trk.block_ctrl[self.trk.card_of[x[0]]] = p
            self._act(p, {"type": "DeclareBlockers", "data": {"assignments": [[b, a] for b, a in mine]}})
        if left:
            who = sorted({self._obj(b).get("controller") for b, _ in left})
            raise Refused(f"blocks by creatures of players who are not declaring blockers ({who}): "
                          f"{[[self.trk.card_of[b], self.trk.card_of[a]] for b, a in left]}")

    def _unblocked_key(self, d):
        return (self.game.turn, self.turn_step(), d.get("attacker_id"))

    def _asks_unblocked(self, d):
        """phase offers this attacker's damage as though it weren't blocked
        (its mode AsThoughUnblocked: Zilortha, Apex of Ikoria) and the
        choice is not made yet."""
        return "AsThoughUnblocked" in (d.get("assignment_modes") or []) \
            and self._unblocked_key(d) not in self.trk.unblocked and self.trk.trample_k is None

    def _apply_as_unblocked(self, dec):
        wf = self._waiting()
        d = wf.get("data") or {}
        if wf["type"] != "AssignCombatDamage" or not self._asks_unblocked(d):
            raise Refused("no attacker's damage may be assigned as though it weren't blocked now")
        if dec.get("player") != d.get("player"):
            raise Refused(f"phase asks P{d.get('player', 0) + 1}, not player {dec.get('player')!r}")
        a = self._card(dec.get("attacker"), "attacker")
        if a != d.get("attacker_id"):
            raise Refused(f"phase asks about card {self.trk.card_of.get(d.get('attacker_id'))}, "
                          f"not {dec.get('attacker')}")
        if not isinstance(dec.get("as_unblocked"), bool):
            raise Refused("as_unblocked must be true or false")
        self.trk.unblocked[self._unblocked_key(d)] = dec["as_unblocked"]
        self._touch()
        if dec["as_unblocked"]:
            self._act(d["player"], {"type": "AssignCombatDamage", "data": {
                "assignments": [], "trample_damage": 0, "controller_damage": 0, "mode": "AsThoughUnblocked"}})

    def _apply_trample(self, dec):
        a = self._card(dec.get("attacker"), "attacker")
        k = dec.get("to_attacked")
        if not isinstance(k, int) or k < 0:
            raise Refused("to_attacked must be a non-negative integer")
        wf = self._waiting()
        if wf["type"] != "AssignCombatDamage":
            actor = (wf.get("data") or {}).get("player", self.trk.active)
            self._act(actor, {"type": "AssignCombatDamage", "data": {"assignments": [], "trample_damage": k,
                                                                     "controller_damage": 0, "mode": "Normal"}})
            return
        d = wf["data"]
        if d.get("attacker_id") != a:
            raise Refused(f"phase asks for the damage of card {self.trk.card_of.get(d.get('attacker_id'))}, "
                          f"not {dec.get('attacker')}", "510.1a")
        if k > d.get("total_damage", 0):
            raise Refused(f"card {dec.get('attacker')} has {d.get('total_damage')} damage to assign, not {k}", "702.19b")
        if self.trk.trample_k is not None:
            raise Refused("the trample amount is given; the division among the blockers is awaited", "510.1c")
        splits = self._divisions(d, k)
        if len(d.get("blockers", [])) >= 2 and len(splits) != 1:
            # battlecheck's vocabulary divides the rest among the blockers
            # in a second decision (510.1c): phase takes both at once.
            self.trk.trample_k = k
            self._touch()
            return
        self._act(d["player"], self._damage_action(d, k))
        self._note_trampled(d, k)

    def _divisions(self, d, to_attacked):
        """Every division among the blockers (phase object ids) of the
        damage not assigned to what the attacker attacks: lethal damage to
        each if some was (702.19b)."""
        blockers = sorted(d.get("blockers", []),
                          key=lambda b: self.trk.card_of.get(b["blocker_id"], 10_000 + b["blocker_id"]))
        rest = d.get("total_damage", 0) - to_attacked
        least = [b.get("lethal_minimum", 0) if to_attacked > 0 else 0 for b in blockers]
        out = []

        def fill(i, left, parts):
            if i + 1 == len(blockers):
                if left >= least[i]:
                    out.append(parts + [(blockers[i]["blocker_id"], left)])
                return
            for n in range(least[i], left - sum(least[i + 1:]) + 1):
                fill(i + 1, left - n, parts + [(blockers[i]["blocker_id"], n)])

        if blockers:
            fill(0, rest, [])
        return out

    def _apply_division(self, dec):
        a = self._card(dec.get("attacker"), "attacker")
        wf = self._waiting()
        if wf["type"] != "AssignCombatDamage":
            raise Refused("no combat damage is being divided", "510.1c")
        d = wf["data"]
        if d.get("attacker_id") != a:
            raise Refused(f"phase asks for the damage of card {self.trk.card_of.get(d.get('attacker_id'))}, "
                          f"not {dec.get('attacker')}", "510.1a")
        division = dec.get("division")
        if not isinstance(division, list) or not all(
                isinstance(x, list) and len(x) == 2 and isinstance(x[1], int) and x[1] >= 0 for x in division):
            raise Refused("division must be a list of [blocker, damage] pairs")
        assignments = [[self._card(b, "blocker"), n] for b, n in division]
        stashed = self.trk.trample_k
        self.trk.trample_k = None
        try:
            self._act(d["player"], {"type": "AssignCombatDamage",
                                    "data": {"assignments": assignments, "trample_damage": stashed or 0,
                                             "controller_damage": 0, "mode": "Normal"}})
        except Refused:
            # Refused: the game is as it was, the trample amount still given.
            self.trk.trample_k = stashed
            self._touch()
            raise
        self._note_trampled(d, stashed or 0)

    def _note_trampled(self, d, k):
        """A trampler that assigned damage to the battle it attacks marks
        it trampled (the history battlecheck observes)."""
        tgt = d.get("attack_target") or {}
        if k > 0 and isinstance(tgt, dict) and tgt.get("type") == "Battle":
            b = self.trk.card_of.get(tgt.get("data"))
            if b is not None:
                self.trk.history[b]["trampled"] = True
                self._touch()

    def _apply_cast_transformed(self, dec):
        p = self._seat(dec.get("player"))
        self._card(dec.get("card"))
        cast = dec.get("cast")
        if not isinstance(cast, bool):
            raise Refused("cast_transformed needs 'cast' (true or false)")
        wf = self._waiting()
        if wf["type"] == "OptionalEffectChoice":
            card = self._optional_card(wf)
            if card != dec.get("card"):
                raise Refused(f"the resolving trigger exiled card {card}, not {dec.get('card')}", "310.12b")
        self._act(p, {"type": "DecideOptionalEffect", "data": {"accept": cast}})

    # ------------------------------------------------------------------
    # snapshots

    def snapshot(self):
        token = f"s{len(self.snapshots) + 1}"
        self.snapshots[token] = Snapshot(self.anchor, tuple(self.suffix), self.trk.copy())
        return token

    def restore(self, token):
        snap = self.snapshots.get(token)
        if snap is None:
            raise KeyError(token)
        if snap.anchor is self.anchor and tuple(self.suffix) == snap.suffix:
            self.trk = snap.tracker.copy()
            self._touch()
            return
        self._rebuild(snap.anchor, snap.suffix, snap.tracker)
        # (phase cannot always load back a state saved while a choice is
        # made mid-resolution, nor every priority window: "persisted state
        # has unsettled resolution ownership at priority"; only a priority
        # window phase loads back is saved, else the replay stays)
        if len(snap.suffix) > self.MATERIALISE_AFTER and self._waiting()["type"] == "Priority":
            state = json.dumps(self.game.state())
            try:
                self.engine.load_game(state)
            except ValueError:
                return
            snap.anchor = [state]
            snap.suffix = ()
            self.anchor = snap.anchor
            self.suffix = []



class PhaseSession(Decisions):
    # A snapshot whose replay is longer than this is stored as a phase state
    # after its first restore.
    MATERIALISE_AFTER = 6

    def __init__(self, engine, log=None):
        # the card database: every card at its real cost
        self.engine = engine
        self.log = log or (lambda *a: None)
        self.bases = {}
        self.base = None
        self.game = None
        self.anchor = None
        self.suffix = []
        self.trk = None
        self.facts = []                   # what the decision being taken did (protocol `happened`)
        self.snapshots = {}
        self.version = 0
        self._cache = {}
        self.masks = set()

    # ------------------------------------------------------------------
    # setup

    def setup(self, position):
        if not isinstance(position, dict):
            raise SetupError("setup: 'position' must be a JSON object (an engine scenario)")
        key = json.dumps([position, sorted(self.masks)], sort_keys=True)
        base = self.bases.get(key)
        if base is None:
            base = self._build_base(position)
            self.bases[key] = base
        self.base = base
        self.snapshots = {}
        self.anchor = [base.state_json]
        self.suffix = []
        self.game = self.engine.load_game(base.state_json)
        self.trk = Tracker(base)
        self._touch()
        for entry in self._stack():
            src = self.trk.card_of.get(entry.get("source_id"))
            self.trk.stack_src[entry["id"]] = src
            if src is not None and is_defeat_trigger(entry):
                self.trk.triggers[entry["id"]] = src
        self._observe_objects_into_tracker(initial=True)
        self._check_gaps()
        self._settle()

    def _build_base(self, pos):
        steps = pos.get("steps")
        if steps not in (None, []):
            raise SetupError("setup: a position has no 'steps' (or an empty list)")
        if pos.get("faults") not in (None, [], {}):
            raise SetupError("setup: the phase adapter does not set up positions with 'faults' "
                             "(battlecheck's injected engine faults)")
        # defeat triggers waiting or on the stack (a settled position has
        # its waiting triggers on the stack, 603.3): phase's own, made by
        # removing the Siege's last defense counter during the setup
        trigger_labels = list(pos.get("waiting_triggers") or [])
        for i, item in enumerate(pos.get("stack") or []):
            if not isinstance(item, dict) or set(item) - {"trigger"}:
                raise SetupError(f"setup: stack[{i}]: the phase adapter sets up defeat triggers on the stack, "
                                 f"not spells ({json.dumps(item)})")
            trigger_labels.append(item["trigger"])
        variant = pos.get("variant")
        teams = variant == {"two_headed_giant": True}
        if variant not in (None, {}) and not teams:
            raise SetupError("setup: the phase adapter plays no multiplayer option ('variant') but "
                             "Two-Headed Giant")
        players = pos.get("players", 2)
        if isinstance(players, int):
            lives, present = [20] * players, [True] * players
        elif isinstance(players, list):
            lives, present = [], []
            for i, p in enumerate(players):
                if not isinstance(p, dict):
                    raise SetupError(f"setup: players[{i}] must be an object")
                lives.append(int(p.get("life", 20)))
                present.append(p.get("in_game", True) is not False)
        else:
            raise SetupError("setup: 'players' must be a count or a list")
        n = len(lives)
        if not 2 <= n <= 6:
            raise SetupError(f"setup: phase seats 2 to 6 players, the position has {n}")
        turn = pos.get("turn", 1)
        if not isinstance(turn, int) or not 0 <= turn <= 4294967295:
            raise SetupError("setup: 'turn' must be a non-negative integer")
        step = pos.get("step", "main1")
        if step not in START_PHASES and step not in ("declare_attackers", "declare_blockers"):
            raise SetupError(f"setup: the phase adapter sets up positions in the steps "
                             f"{', '.join(list(START_PHASES) + ['declare_attackers', 'declare_blockers'])}, not '{step}'")
        pending = pos.get("pending", "priority")
        if pending not in ("priority", step):
            raise SetupError(f"setup: a position in step '{step}' cannot wait for '{pending}'")
        if teams and n != 4:
            raise SetupError("setup: a Two-Headed Giant game has four players (810.1)")
        active = seat_of(pos.get("active", "P1"), n)
        if teams:
            # the active team's first seat: phase's active player of a team turn
            active -= active % 2
        holder = seat_of(pos["priority"], n) if pos.get("priority") else active
        mana = bool(pos.get("mana"))

        cards = pos.get("cards", [])
        if not isinstance(cards, list):
            raise SetupError("setup: 'cards' must be a list")
        labels = {}
        for i, c in enumerate(cards):
            if isinstance(c, dict) and isinstance(c.get("id"), str):
                labels[c["id"]] = i
        names, owners, zones, specs = [], [], [], []
        for i, c in enumerate(cards):
            if not isinstance(c, dict):
                raise SetupError(f"setup: cards[{i}] must be an object")
            name = c.get("card")
            if name in carddata.UNSUPPORTED:
                raise SetupError(f"setup: card '{name}' (cards[{i}]) is not supported by the phase adapter: {carddata.UNSUPPORTED[name]}")
            if name not in carddata.CARDS:
                raise SetupError(f"setup: unknown card '{name}' (cards[{i}]): it is not in battlecheck's catalogue (engine/cards)")
            if c.get("copy_of") is not None:
                if c["copy_of"] not in carddata.CARDS:
                    raise SetupError(f"setup: cards[{i}] ('{name}'): copy_of names no card of the catalogue: "
                                     f"{c['copy_of']!r}")
                if c.get("zone") != "battlefield" or c.get("back_face"):
                    raise SetupError(f"setup: cards[{i}] ('{name}'): a copy is set up on the battlefield, "
                                     f"front face up")
            if c.get("animated") not in (None, False, []):
                a = c["animated"]
                if not (isinstance(a, list) and len(a) == 2 and all(isinstance(x, int) for x in a)):
                    raise SetupError(f"setup: cards[{i}] ('{name}'): animated is [power, toughness]")
                if c.get("zone") != "battlefield":
                    raise SetupError(f"setup: cards[{i}] ('{name}'): an animated card is set up on the battlefield")
            owner = seat_of(c.get("owner"), n)
            zone = c.get("zone")
            if zone not in ("hand", "battlefield", "graveyard", "exile", "library", "outside"):
                raise SetupError(f"setup: cards[{i}] ('{name}'): the phase adapter does not set up zone '{zone}'")
            if c.get("token") and zone not in ("battlefield", "outside"):
                raise SetupError(f"setup: cards[{i}] ('{name}'): a token is set up on the battlefield only")
            info = carddata.CARDS[name]
            if c.get("back_face") and not (info.dfc or info.mdfc):
                raise SetupError(f"setup: cards[{i}] ('{name}') has no back face to be up")
            if (c.get("attacking") or c.get("blocking")) and step not in ("declare_attackers", "declare_blockers"):
                raise SetupError(f"setup: cards[{i}] ('{name}'): attacking and blocking only in a combat step")
            names.append(name)
            owners.append(owner)
            zones.append(zone)
            specs.append(c)

        def card_label(label, what):
            if label in labels:
                return labels[label]
            m = re.fullmatch(r"#(\d+)", label or "")
            if m and int(m.group(1)) < len(cards):
                return int(m.group(1))
            raise SetupError(f"setup: {what} names no card: {label!r}")

        # token slots (battlecheck's setup): one per card whose spell makes
        # a token, after the cards
        slots = {}
        for i, name in enumerate(list(names)):
            front = carddata.CARDS[name].entry
            if any((line.get("spell") or {}).get("kind") == "token_copy_of_battle"
                   for line in front.get("text", []) if isinstance(line.get("spell"), dict)):
                slots[len(names)] = i
                names.append(name)
                owners.append(owners[i])
                zones.append("slot")
                specs.append({"token": True})

        fmt = "TwoHeadedGiant" if teams else "Standard" if n == 2 else "FreeForAll"
        decks = []
        for s in range(n):
            main = [names[i] for i in range(len(cards)) if owners[i] == s and zones[i] != "outside"]
            side = [names[i] for i in range(len(cards)) if owners[i] == s and zones[i] == "outside"
                    and not specs[i].get("token")]
            helpers = [TRIGGER_HELPER] * sum(
                1 for lab in trigger_labels if lab in labels and owners[labels[lab]] == s)
            deck = {"main_deck": main + helpers + [carddata.FILLER] * FILLER_PER_PLAYER}
            if side:
                deck["sideboard"] = side
            decks.append(deck)
        engine = self.engine
        try:
            g = engine.new_game(decks[0], decks[1], extra_players=decks[2:] or None, seed=1,
                                format=fmt, first_player=active)
        except Exception as e:  # noqa: BLE001 - phase raises ValueError
            raise SetupError(f"setup: phase cannot start the game: {e}")
        for _ in range(4 * n):
            wf = g.waiting_for()
            if wf["type"] != "MulliganDecision":
                break
            seat = wf["data"]["pending"][0]["player"]
            g.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
        S = g.state()
        st = S["state"]
        objs = st["objects"]
        oids = []
        used = set()
        per_seat = {}
        for s in range(n):
            p = st["players"][s]
            per_seat[s] = sorted(p["hand"] + p["library"] + p["graveyard"])
            p["hand"], p["library"], p["graveyard"] = [], [], []
        for i, name in enumerate(names):
            if zones[i] in ("outside", "slot"):
                oids.append(None)
                continue
            oid = next((o for o in per_seat[owners[i]]
                        if o not in used and objs[str(o)]["name"] == name), None)
            if oid is None:
                raise SetupError(f"setup: phase did not create '{name}' (cards[{i}])")
            used.add(oid)
            oids.append(oid)
        setup_ctrl_since = []
        library = {s: [] for s in range(n)}
        debug = []                       # debug actions that finish the position
        attacks, blocks = [], []
        for i, oid in enumerate(oids):
            since = -1
            if oid is None:
                setup_ctrl_since.append(since)
                continue
            o = objs[str(oid)]
            c = specs[i]
            z = zones[i]
            p = st["players"][owners[i]]
            info = carddata.CARDS[names[i]]
            if c.get("copy_of") is not None:
                # a copy: the copied card's battle facts (defense, Siege,
                # protector); its characteristics from phase's copy effect
                info = carddata.CARDS[c["copy_of"]]
            if z == "hand":
                o["zone"] = "Hand"
                p["hand"].append(oid)
            elif z == "graveyard":
                o["zone"] = "Graveyard"
                p["graveyard"].append(oid)
            elif z == "exile":
                o["zone"] = "Exile"
                st["exile"].append(oid)
            elif z == "library":
                o["zone"] = "Library"
                library[owners[i]].append(oid)
            else:
                o["zone"] = "Battlefield"
                st["battlefield"].append(oid)
                sick = bool(c.get("sick", False))
                o["entered_battlefield_turn"] = 1 if sick else 0
                since = 1 if sick else -1
                o["summoning_sick"] = sick
                # an attacker is declared on phase, which taps it
                o["tapped"] = bool(c.get("tapped", False)) and not c.get("attacking")
                o["damage_marked"] = int(c.get("damage", 0) or 0)
                o["timestamp"] = st["next_timestamp"]
                st["next_timestamp"] += 1
                if c.get("token"):
                    o["is_token"] = True
                # continuous effects of the position from no card of it, as
                # phase keeps them: a copy effect (layer 1, 707.2) and an
                # animating effect (layers 4 and 7b), both lasting
                mods = []
                if c.get("copy_of") is not None:
                    mods.append([{"type": "CopyValues", "values": self._copiable_values(engine, c["copy_of"])}])
                base_ctrl = c.get("controller")
                if c.get("control_effect") is not None and \
                        seat_of(c["control_effect"], n) != (seat_of(base_ctrl, n) if base_ctrl else owners[i]):
                    # gain control (613.1b): phase's own lasting control-
                    # changing effect, controlled by the player who gains it
                    # (who controls the card already: phase makes a card
                    # whose controller its layers change summoning sick)
                    mods.append([{"type": "ChangeController"}])
                    o["controller"] = seat_of(c["control_effect"], n)
                if c.get("animated") not in (None, False, []):
                    pw, tg = c["animated"]
                    mods.append([{"type": "SetPower", "value": pw}, {"type": "SetToughness", "value": tg},
                                 {"type": "AddType", "core_type": "Creature"}])
                for m in mods:
                    ctrl_e = c.get("control_effect") or c.get("controller")
                    if m[0]["type"] == "ChangeController":
                        ctrl_e = c["control_effect"]
                    st.setdefault("transient_continuous_effects", []).append({
                        "affected": {"id": oid, "type": "SpecificObject"},
                        "controller": seat_of(ctrl_e, n) if ctrl_e is not None else owners[i],
                        "duration": "Permanent", "id": st["next_continuous_effect_id"], "modifications": m,
                        "source_id": oid, "source_name": names[i], "timestamp": st["next_timestamp"]})
                    st["next_continuous_effect_id"] += 1
                    st["next_timestamp"] += 1
                if c.get("back_face"):
                    debug.append({"type": "SetFaceState", "data": {"object_id": oid, "transformed": True}})
                ctrl = c.get("control_effect") or c.get("controller")
                base_ctrl = c.get("controller")
                if base_ctrl is not None and seat_of(base_ctrl, n) != owners[i]:
                    # the player who put it onto the battlefield: phase's
                    # base controller
                    debug.append({"type": "SetController", "data": {"object_id": oid,
                                                                    "controller": seat_of(base_ctrl, n)}})
                if c.get("plus_one_counters"):
                    debug.append({"type": "ModifyCounters", "data": {"object_id": oid, "counter_type": "P1P1",
                                                                     "delta": int(c["plus_one_counters"])}})
                if c.get("loyalty") is not None:
                    debug.append(("loyalty", oid, int(c["loyalty"])))
                if c.get("attached_to"):
                    debug.append({"type": "Attach", "data": {"object_id": oid, "target": {
                        "type": "Object", "data": ("label", c["attached_to"])}}})
                if info.is_battle and not c.get("back_face"):
                    defense = c.get("defense")
                    o["counters"] = {"defense": int(info.defense if defense is None else defense)}
                    if c.get("id") in trigger_labels:
                        if not info.is_siege or o["counters"]["defense"] != 0:
                            raise SetupError(f"setup: cards[{i}] ('{names[i]}'): phase makes a defeat trigger "
                                             f"only for a Siege whose last defense counter is removed")
                        # its last counter is removed on phase (below)
                        o["counters"]["defense"] = 1
                    # phase keeps a battle's defense in the object too, as
                    # many as its defense counters (its state-based actions
                    # read that, 704.5v)
                    o["defense"] = o["counters"]["defense"]
                    if c.get("copy_of") is not None:
                        # phase's copiable values have no defense
                        o["base_defense"] = info.defense
                    ctrl_seat = seat_of(ctrl, n) if ctrl is not None else owners[i]
                    prot = c.get("protector")
                    if prot == "none":
                        o["chosen_attributes"] = []
                    else:
                        if prot is not None:
                            pseat = seat_of(prot, n)
                        elif info.is_siege:
                            # the next opponent of its controller in turn order
                            pseat = next(((ctrl_seat + k) % n for k in range(1, n)
                                          if present[(ctrl_seat + k) % n]
                                          and not (teams and (ctrl_seat + k) % n // 2 == ctrl_seat // 2)),
                                         ctrl_seat)
                        else:
                            # a battle with no battle type: its controller (310.9a)
                            pseat = ctrl_seat
                        o["chosen_attributes"] = [{"type": "Player", "value": pseat}]
                if c.get("attacking"):
                    attacks.append((oid, c["attacking"]))
                if c.get("blocking"):
                    blocks.append((oid, c["blocking"]))
            setup_ctrl_since.append(since)
        for s in range(n):
            p = st["players"][s]
            p["library"] = list(library[s])
            for oid in per_seat[s]:
                if oid not in used:
                    objs[str(oid)]["zone"] = "Library"
                    p["library"].append(oid)
            p["life"] = lives[s]
            if teams:
                # phase keeps a team's life as the sum of its players' lives
                # (its own start: 15 each of 30): the team's life, split
                t = lives[s - s % 2]
                p["life"] = t - t // 2 if s % 2 == 0 else t // 2
        if not mana:
            # a position that pays no mana: every card keeps its real cost
            # (its mana value, 202.3), and phase pays every cost itself
            # from a mana pool the adapter fills (MANA_BUDGET of each kind
            # per player) and phase's flag of its debug infinite mana keeps
            # from emptying (500.4)
            for s in range(n):
                units = []
                for color in ("White", "Blue", "Black", "Red", "Green", "Colorless"):
                    for _ in range(MANA_BUDGET):
                        units.append({"color": color, "pip_id": st["next_pip_id"], "restrictions": [],
                                      "snow": False, "source_id": 0})
                        st["next_pip_id"] += 1
                st["players"][s]["mana_pool"]["mana"] = units
            st["debug_infinite_mana"] = list(range(n))
        start = START_PHASES.get(step, "BeginCombat")
        st["phase"] = start
        st["active_player"] = active
        st["priority_player"] = active
        st["waiting_for"] = {"type": "Priority", "data": {"player": active}}
        loyalty_of = []
        if debug:
            st["debug_mode"] = True
            st["format_config"]["allow_debug_actions"] = True
            g = engine.load_game(json.dumps(S))
            for a in debug:
                if isinstance(a, tuple):
                    loyalty_of.append(a[1:])
                    continue
                if a["type"] == "Attach":
                    tgt = a["data"]["target"]
                    tgt["data"] = oids[card_label(tgt["data"][1], "attached_to")]
                try:
                    g.apply(active, {"type": "Debug", "data": a})
                except ValueError as e:
                    raise SetupError(f"setup: phase refuses to set up {a['type']}: {e}")
            S = g.state()
            st = S["state"]
            for oid, want in loyalty_of:
                # phase keeps a planeswalker's loyalty in its `loyalty`
                o = st["objects"][str(oid)]
                o["loyalty"] = want
                o.setdefault("counters", {})["loyalty"] = want
            if "concede-sba" not in self.masks:
                st["debug_mode"] = False
                st["format_config"]["allow_debug_actions"] = False
        for o in st["objects"].values():
            # a planeswalker set up on the battlefield has its loyalty as
            # loyalty counters (306.5b), which phase's damage (120.3c) and
            # costs remove; with none, damage removes nothing
            if o.get("zone") == "Battlefield" and "Planeswalker" in (o.get("card_types") or {}).get("core_types", []) \
                    and "loyalty" not in (o.get("counters") or {}) and o.get("loyalty") is not None:
                o.setdefault("counters", {})["loyalty"] = int(o["loyalty"])
        if "concede-sba" in self.masks:
            st["debug_mode"] = True
            st["format_config"]["allow_debug_actions"] = True
        if trigger_labels:
            if mana or step not in START_PHASES:
                raise SetupError("setup: the phase adapter sets up defeat triggers in a position that pays no "
                                 "mana, outside combat")
            S = self._make_triggers(engine, S, n, active, [oids[card_label(lab, "a trigger")] for lab in trigger_labels])
        if step in ("declare_attackers", "declare_blockers"):
            S = self._drive_combat(engine, S, n, active, step, pending, attacks, blocks,
                                   lambda label: oids[card_label(label, "attacking/blocking")], owners, oids)
        # settled before the first step: the leavers leave, state-based
        # actions are performed (704.3), and the position's priority holder
        # receives priority
        g = engine.load_game(json.dumps(S))
        for s in range(n):
            if not present[s]:
                g.apply(s, {"type": "Concede", "data": {"player_id": s}})
        if g.waiting_for()["type"] == "Priority":
            # the position is settled before its first step (704.3):
            # phase's own state-based actions, through its debug action
            S2 = g.state()
            S2["state"]["debug_mode"] = True
            S2["state"]["format_config"]["allow_debug_actions"] = True
            g = engine.load_game(json.dumps(S2))
            wf = g.waiting_for()
            actor = (wf.get("data") or {}).get("player", active)
            try:
                g.apply(actor, {"type": "Debug", "data": {"type": "RunStateBasedActions"}})
            except ValueError as e:
                raise SetupError(f"setup: phase's state-based actions fail: {e}")
            S2 = g.state()
            if "concede-sba" not in self.masks:
                S2["state"]["debug_mode"] = False
                S2["state"]["format_config"]["allow_debug_actions"] = False
            g = engine.load_game(json.dumps(S2))
        if holder != active and g.waiting_for()["type"] == "Priority":
            for _ in range(n):
                wf = g.waiting_for()
                if wf["type"] != "Priority" or wf["data"]["player"] == holder:
                    break
                g.apply(wf["data"]["player"], {"type": "PassPriority"})
            wf = g.waiting_for()
            if wf["type"] != "Priority" or wf["data"]["player"] != holder:
                raise SetupError(f"setup: phase does not give priority to {pos['priority']}")
        S = g.state()
        histories = []
        for i in range(len(names)):
            h = (specs[i].get("history") or {}) if isinstance(specs[i].get("history"), dict) else {}
            h = {k: v for k, v in h.items() if k in HISTORY_COUNTS + HISTORY_FLAGS}
            if specs[i].get("id") in trigger_labels:
                # a defeat trigger implies its defeat (battlecheck's setup)
                h["defeats"] = max(1, h.get("defeats", 0))
                h["triggers"] = max(1, h.get("triggers", 0))
            histories.append(h)
        origins = [specs[i].get("protector_origin", "entered") for i in range(len(names))]
        controllers = []
        for i in range(len(names)):
            ctrl = specs[i].get("control_effect") or specs[i].get("controller")
            controllers.append(seat_of(ctrl, n) if ctrl is not None and zones[i] == "battlefield" else owners[i])
        tokens = [bool(specs[i].get("token")) for i in range(len(names))]
        return Base(json.dumps(S), oids, owners, names, n, turn, setup_ctrl_since, active,
                    mana=mana, histories=histories, tokens=tokens, slots=slots, origins=origins,
                    controllers=controllers, teams=teams)

    def _copiable_values(self, engine, name):
        """phase's copiable values (707.2) of card `name`'s front face: its
        last known information once it leaves the battlefield of a scratch
        game."""
        cache = self.__dict__.setdefault("_copiable", {})
        if name in cache:
            return cache[name]
        decks = [{"main_deck": [name] + [carddata.FILLER] * 8} for _ in range(2)]
        g = engine.new_game(decks[0], decks[1], seed=1, format="Standard", first_player=0)
        S = g.state()
        st = S["state"]
        oid = next(int(k) for k, o in st["objects"].items() if o["name"] == name and o["owner"] == 0)
        p = st["players"][0]
        for z in ("hand", "library"):
            if oid in p[z]:
                p[z].remove(oid)
        st["objects"][str(oid)]["zone"] = "Battlefield"
        st["battlefield"].append(oid)
        st["debug_mode"] = True
        st["format_config"]["allow_debug_actions"] = True
        st["waiting_for"] = {"type": "Priority", "data": {"player": 0}}
        st["phase"] = "PreCombatMain"
        g = engine.load_game(json.dumps(S))
        g.apply(0, {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": oid, "to_zone": "Graveyard"}}})
        values = g.state()["state"]["lki_copiable_values"].get(str(oid))
        if values is None:
            raise SetupError(f"setup: phase keeps no copiable values of '{name}'")
        cache[name] = values
        return values

    def _make_triggers(self, engine, S, n, active, sieges):
        """Each Siege's defeat trigger, put on phase's stack by phase: its
        controller casts a hidden Pool Erode (a card of no position) at it,
        removing its last defense counter (310.12b)."""
        g = engine.load_game(json.dumps(S))
        st = S["state"]
        helpers = [int(k) for k, o in st["objects"].items() if o["name"] == TRIGGER_HELPER and o["zone"] == "Library"]
        for oid in sieges:
            ctrl = g.object(oid)["controller"]
            mine = [h for h in helpers if g.object(h)["owner"] == ctrl]
            if not mine:
                raise SetupError("setup: no hidden card to make a defeat trigger with")
            h = mine[0]
            helpers.remove(h)
            st = g.state()
            st["state"]["debug_mode"] = True
            st["state"]["format_config"]["allow_debug_actions"] = True
            g = engine.load_game(json.dumps(st))
            wf = g.waiting_for()
            g.apply(wf["data"]["player"], {"type": "Debug", "data": {"type": "MoveToZone", "data": {
                "object_id": h, "to_zone": "Hand"}}})
            st = g.state()
            st["state"]["debug_mode"] = "concede-sba" in self.masks
            st["state"]["format_config"]["allow_debug_actions"] = "concede-sba" in self.masks
            g = engine.load_game(json.dumps(st))
            for _ in range(n):
                wf = g.waiting_for()
                if wf["type"] != "Priority" or wf["data"]["player"] == ctrl:
                    break
                g.apply(wf["data"]["player"], {"type": "PassPriority"})
            try:
                g.apply(ctrl, {"type": "CastSpell", "data": {"object_id": h, "card_id": h, "targets": [],
                                                             "payment_mode": {"type": "Auto"}}})
                if g.waiting_for()["type"] == "TargetSelection":
                    g.apply(ctrl, {"type": "ChooseTarget", "data": {"target": {"Object": oid}}})
                for _ in range(2 * n):
                    if not any(((e.get("kind") or {}).get("data") or {}).get("card_id") == h for e in g.stack()):
                        break
                    wf = g.waiting_for()
                    if wf["type"] != "Priority":
                        break
                    g.apply(wf["data"]["player"], {"type": "PassPriority"})
            except ValueError as e:
                raise SetupError(f"setup: phase does not make the defeat trigger: {e}")
            if not any(is_defeat_trigger(e) and e.get("source_id") == oid for e in g.stack()):
                raise SetupError("setup: phase made no defeat trigger")
            # the hidden card is put back out of sight, and the active
            # player holds priority
            h_zone = g.object(h)["zone"]
            st = g.state()
            s2 = st["state"]
            p = s2["players"][ctrl]
            if h in p["graveyard"]:
                p["graveyard"].remove(h)
                p["library"].append(h)
                s2["objects"][str(h)]["zone"] = "Library"
            elif h_zone != "Library":
                raise SetupError(f"setup: the hidden card ended in {h_zone}")
            g = engine.load_game(json.dumps(st))
            for _ in range(n):
                wf = g.waiting_for()
                if wf["type"] != "Priority" or wf["data"]["player"] == active:
                    break
                # priority goes round back to the active player without
                # every player passing in succession
                st = g.state()
                st["state"]["priority_player"] = active
                st["state"]["waiting_for"] = {"type": "Priority", "data": {"player": active}}
                g = engine.load_game(json.dumps(st))
        return g.state()

    def _drive_combat(self, engine, S, n, active, step, pending, attacks, blocks, oid_of, owners, oids):
        """A position in the declare attackers or declare blockers step: its
        attacks (and blocks) are declared on phase from the beginning of
        combat, so phase's combat state is its own."""
        g = engine.load_game(json.dumps(S))

        def pass_until(kind):
            for _ in range(4 * n + 4):
                wf = g.waiting_for()
                if wf["type"] == kind:
                    return wf
                if wf["type"] != "Priority":
                    raise SetupError(f"setup: phase waits for {wf['type']} on the way to {kind}")
                g.apply(wf["data"]["player"], {"type": "PassPriority"})
            raise SetupError(f"setup: phase does not reach {kind}")

        decl = []
        for oid, target in attacks:
            if target == "nothing":
                raise SetupError("setup: the phase adapter does not set up a creature attacking nothing")
            if re.fullmatch(r"P[1-9][0-9]*", target):
                decl.append([oid, {"type": "Player", "data": seat_of(target, n)}])
            elif target.startswith("planeswalker:"):
                decl.append([oid, {"type": "Planeswalker", "data": oid_of(target.split(":", 1)[1])}])
            else:
                decl.append([oid, {"type": "Battle", "data": oid_of(target)}])
        if decl:
            wf = pass_until("DeclareAttackers")
            try:
                g.apply(wf["data"]["player"], {"type": "DeclareAttackers", "data": {"attacks": decl, "bands": []}})
            except ValueError as e:
                raise SetupError(f"setup: phase refuses the position's attacks: {e}")
        if step == "declare_attackers":
            if pending == "declare_attackers":
                raise SetupError("setup: the phase adapter sets up a declare attackers step after the declaration")
            pass_until("Priority")
            return g.state()
        for _ in range(4 * n + 4):
            wf = g.waiting_for()
            if wf["type"] == "DeclareBlockers" or (wf["type"] == "Priority" and g.phase == "DeclareBlockers"):
                break
            if wf["type"] != "Priority":
                raise SetupError(f"setup: phase waits for {wf['type']} on the way to the declare blockers step")
            g.apply(wf["data"]["player"], {"type": "PassPriority"})
        else:
            raise SetupError("setup: phase does not reach the declare blockers step")
        if wf["type"] == "Priority":
            # no creature can block: phase asks for no declaration
            if blocks or pending == "declare_blockers":
                raise SetupError("setup: phase asks for no blockers in this position")
            return g.state()
        if pending == "declare_blockers":
            return g.state()
        try:
            _declare_blocks(g, [(b, oid_of(a)) for b, a in blocks], n)
        except ValueError as e:
            raise SetupError(f"setup: phase refuses the position's blocks: {e}")
        pass_until("Priority")
        return g.state()

    # ------------------------------------------------------------------
    # low-level driving

    def _touch(self):
        self.version += 1
        self._cache = {}

    def _state(self):
        st = self._cache.get("state")
        if st is None:
            try:
                st = self.game.state()["state"]
            except ValueError as e:
                raise Unsupported(f"phase cannot export its own game state here: {e}")
            self._cache["state"] = st
        return st

    def _act(self, actor, action):
        """Apply one phase action (raises Refused with phase's message)."""
        try:
            r = self.game.apply(actor, action)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:  # noqa: BLE001 - a Rust panic (pyo3 PanicException)
            if isinstance(e, ValueError):
                raise self._refusal(actor, action, e)
            raise Unsupported(f"phase panicked on {action.get('type')} by player {actor}: {e}")
        self.suffix.append((actor, action))
        self._touch()
        self._record(r.events, action)
        return r

    def _refusal(self, actor, action, e):
        """phase's refusal (a ValueError) as the protocol's `refused`."""
        msg = str(e)
        if len(msg) > 600:
            msg = msg[:600] + " …"
        rule = rule_in(msg)
        wf = self._waiting()
        if rule is None and msg.strip() == "Wrong player":
            # phase's "Wrong player": the player is not the one phase
            # waits for; the rule that says who acts now (117.1: only the
            # player with priority; the others: who makes that choice)
            rule = wrong_player_rule(wf["type"])
        return Refused(f"phase refuses {action.get('type')} by player {actor}: {msg}", rule)

    def _rebuild(self, anchor, suffix, tracker):
        self.game = self.engine.load_game(anchor[0])
        for actor, action in suffix:
            self.game.apply(actor, action)
        self.anchor = anchor
        self.suffix = list(suffix)
        self.trk = tracker.copy()
        self._touch()

    def _waiting(self):
        wf = self._cache.get("wf")
        if wf is None:
            wf = self.game.waiting_for()
            self._cache["wf"] = wf
        return wf

    def _obj(self, oid):
        key = ("o", oid)
        o = self._cache.get(key)
        if o is None:
            o = None
            if oid is not None:
                try:
                    o = self.game.object(oid)
                except (KeyError, ValueError):
                    o = None
            # a token slot not made, or a token that ceased to exist (111.7)
            o = o or {}
            self._cache[key] = o
        return o

    def _player(self, s):
        key = ("p", s)
        p = self._cache.get(key)
        if p is None:
            p = self.game.player(s)
            self._cache[key] = p
        return p

    def _stack(self):
        s = self._cache.get("stack")
        if s is None:
            s = self.game.stack()
            self._cache["stack"] = s
        return s

    def in_game(self, s):
        return not self._player(s)["is_eliminated"]

    def _phase_turn(self):
        return self.game.turn

    # ------------------------------------------------------------------
    # card text phase's parser left unparsed (cards.PARSE_GAPS)

    def _check_gaps(self):
        """Name a card whose unparsed text would act now, rather than let
        phase play it without that text: a spell or ability on the stack
        with an effect phase could not parse, or (as the game is set up) a
        permanent whose unparsed part is a static or replacement ability."""
        for entry in self._stack():
            ability = ((entry.get("kind") or {}).get("data") or {}).get("ability") or {}
            found = carddata._gaps({"effect": ability.get("effect"), "sub_ability": ability.get("sub_ability")})
            if found:
                src = self.trk.card_of.get(entry.get("source_id"))
                if src is None:
                    src = self.trk.card_of.get(((entry.get("kind") or {}).get("data") or {}).get("card_id"))
                name = self.trk.info[src].name if src is not None else f"phase object {entry.get('source_id')}"
                kind = (entry.get("kind") or {}).get("type", "object")
                raise Unsupported(f"phase cannot parse {name}: \"{found[0][1]}\" (its {kind} is on the stack, "
                                  f"and phase would resolve it without that text)")
        if self.suffix:
            return
        for c, oid in enumerate(self.trk.oids):
            if oid is None or self._obj(oid).get("zone") != "Battlefield":
                continue
            o = self._obj(oid)
            for part in ("static_definitions", "replacement_definitions", "abilities"):
                found = carddata._gaps(o.get(part))
                if found:
                    raise Unsupported(f"phase cannot parse {self.trk.info[c].name}: \"{found[0][1]}\" "
                                      f"(a {part.split('_')[0]} ability of a permanent)")

    # ------------------------------------------------------------------
    # history and bookkeeping from phase's events

    def _damage_fact(self, d):
        """What the protocol's `happened` says of phase's DamageDealt: the
        source and recipient as battlecheck numbers them (damage from or to
        objects outside the position is left out)."""
        source = self.trk.card_of.get(d.get("source_id"))
        target = d.get("target") or {}
        if source is None or not isinstance(target, dict):
            return
        if "Player" in target:
            to = {"player": target["Player"]}
        elif "Object" in target and self.trk.card_of.get(target["Object"]) is not None:
            to = {"permanent": self.trk.card_of[target["Object"]]}
        else:
            return
        self.facts.append({"fact": "damage", "source": source, "to": to, "amount": d.get("amount", 0)})

    def take_facts(self):
        """What the last decision did, as told (see `_record`)."""
        facts, self.facts = self.facts, []
        return facts

    def _record(self, events, action):
        trk = self.trk
        card_of = self.trk.card_of
        info = self.trk.info
        evs = list(events)
        stack_before = dict(trk.triggers)
        combat_before = trk.combat
        if any(ev["type"] not in COMBAT_SAFE_EVENTS for ev in evs):
            trk.combat = None
        exiled_now = set()
        countered = set()
        for ev in evs:
            if ev["type"] == "TokenCreated":
                self._note_token(ev.get("data") or {})
        for entry in self._stack():
            # a copy of a spell (707.10: not cast, not a card) is a new
            # object, numbered as the tokens phase makes
            oid = entry.get("source_id")
            if (entry.get("kind") or {}).get("type") == "Spell" and isinstance(oid, int) \
                    and oid not in self.trk.card_of and self._obj(oid).get("is_token"):
                o = self._obj(oid)
                types = o.get("card_types") or {}
                self.trk.add_object(oid, o.get("owner", 0), carddata.CARDS.get(o.get("name")) or
                                    TokenInfo(types.get("core_types", []), types.get("subtypes", [])))
        card_of = self.trk.card_of
        # what resolved (the source of a choice asked as it resolves)
        stack_now = {e["id"]: e for e in self._stack()}
        for sid, src in trk.stack_src.items():
            if sid not in stack_now and src is not None:
                trk.resolving = src
        trk.stack_src = {sid: card_of.get(e.get("source_id")) for sid, e in stack_now.items()}
        for k, ev in enumerate(evs):
            t = ev["type"]
            d = ev.get("data") or {}
            if t == "DamageDealt":
                self._damage_fact(d)
            if t == "TurnStarted":
                trk.active = d["player_id"]
                trk.turn_active[d["turn_number"]] = d["player_id"]
            elif t == "CounterAdded" and d.get("counter_type") == "defense":
                c = card_of.get(d["object_id"])
                if c is not None:
                    trk.defense[c] += d["count"]
            elif t == "CounterRemoved" and d.get("counter_type") == "defense":
                c = card_of.get(d["object_id"])
                if c is None:
                    continue
                before = trk.defense[c]
                after = max(0, before - d["count"])
                trk.defense[c] = after
                self.facts.append({"fact": "defense_removed", "battle": c,
                                   "amount": before - after, "left": after})
                if before > 0 and after == 0 and self._is_siege_now(c):
                    h = trk.history[c]
                    bump(h, "defeats")
                    by_combat = False
                    for later in evs[k + 1:]:
                        if later["type"] == "DamageDealt":
                            ld = later["data"]
                            if ld.get("target") == {"Object": d["object_id"]}:
                                by_combat = bool(ld.get("is_combat"))
                                break
                        if later["type"] == "CounterRemoved":
                            break
                    h["combat_defeat"] = by_combat
            elif t == "ZoneChanged":
                c = card_of.get(d["object_id"])
                if c is None:
                    continue
                if d.get("from") == "Stack":
                    trk.cast_transformed[c] = False
                if d.get("from") == "Exile" and d.get("to") == "Stack" \
                        and action.get("type") != "DecideOptionalEffect" \
                        and any(e["type"] == "SpellCast" and (e.get("data") or {}).get("object_id") == d["object_id"]
                                and (e.get("data") or {}).get("controller") == trk.owners[c] for e in evs):
                    # cast from exile by its owner, under phase's permission
                    # (playable_from_exile: Invasion of Gobakhan, Kaldheim)
                    bump(trk.history[c], "exile_casts")
                if d.get("from") == "Battlefield":
                    trk.defense[c] = 0
                    if d.get("to") == "Exile":
                        exiled_now.add(c)
                if d.get("to") == "Battlefield":
                    trk.ctrl_since[c] = self._phase_turn()
            elif t in ("SpellCountered", "AbilityCountered", "StackObjectCountered", "Countered"):
                oid = d.get("object_id", d.get("stack_id", d.get("id")))
                if oid is not None:
                    countered.add(oid)
            elif t == "SpellCast":
                c = card_of.get(d.get("object_id"))
                if c is not None and action.get("type") == "DecideOptionalEffect":
                    bump(trk.history[c], "transformed_casts")
                    trk.cast_transformed[c] = True
            elif t == "DamageDealt":
                if d.get("is_combat"):
                    tgt = d.get("target") or {}
                    c = card_of.get(tgt.get("Object")) if isinstance(tgt, dict) else None
                    src = card_of.get(d.get("source_id"))
                    if c is not None and src is not None and d.get("amount", 0) > 0 and \
                            "Battle" in (self._obj(tgt["Object"]).get("card_types") or {}).get("core_types", []):
                        if any(v and k[2] == d.get("source_id") and k[0] == self.game.turn
                               for k, v in trk.unblocked.items()):
                            # as though it weren't blocked (Zilortha), not trample
                            trk.history[c]["hit_as_unblocked"] = True
                        elif self._blocked_attacker(d.get("source_id"), combat_before):
                            trk.history[c]["trampled"] = True
        # defeat triggers: new ones on the stack, and the ones that left it
        now = {}
        for entry in self._stack():
            kind = entry.get("kind", {})
            if kind.get("type") == "TriggeredAbility" and is_defeat_trigger(entry):
                src = card_of.get(entry.get("source_id"))
                if src is not None:
                    now[entry["id"]] = src
        for sid, src in now.items():
            if sid not in stack_before:
                bump(trk.history[src], "triggers")
        for sid, src in stack_before.items():
            if sid in now:
                continue
            h = trk.history[src]
            if sid in countered or src in countered:
                bump(h, "triggers_countered")
            elif src in exiled_now:
                bump(h, "trigger_exiles")
            else:
                bump(h, "trigger_fizzles")
        trk.triggers = now
        wf = self._waiting()
        if wf["type"] == "NamedChoice":
            # a token entering (a token copy of a Siege): phase asks for its
            # protector before the object exists; it is numbered now
            d = wf.get("data") or {}
            ref = ((((d.get("source") or {}).get("prompt") or {}).get("identity") or {}).get("reference") or {})
            oid = ref.get("object_id")
            if isinstance(oid, int) and oid not in trk.card_of and not self._obj(oid):
                self._note_token({"object_id": oid}, owner=d.get("player", 0),
                                 name=((d.get("source") or {}).get("prompt") or {}).get("display_name"))
        self._observe_objects_into_tracker()

    def _note_token(self, d, owner=None, name=None):
        """A token phase made becomes an object: the token slot of the card
        whose effect made it (Mirror the Front), else the next number."""
        oid = d.get("object_id", d.get("token_id"))
        trk = self.trk
        if not isinstance(oid, int) or oid in trk.card_of:
            return
        # the token may already have ceased to exist (111.7: a token that
        # left the battlefield in the same action), so phase has no object
        o = self._obj(oid)
        owner = o.get("owner", 0) if owner is None else owner
        name = o.get("name", name)
        maker = trk.card_of.get(d.get("source_id"), trk.resolving)
        for slot, src in self.base.slots.items():
            if trk.oids[slot] is None and src == maker:
                trk.oids[slot] = oid
                trk.card_of[oid] = slot
                copied = carddata.CARDS.get(name)
                if copied is not None:
                    trk.info[slot] = copied
                return
        types = o.get("card_types") or {}
        copied = carddata.CARDS.get(name)
        trk.add_object(oid, owner, copied or TokenInfo(types.get("core_types", []), types.get("subtypes", [])))

    def _blocked_attacker(self, oid, before):
        """Was attacker `oid` blocked (phase's combat as it was before the
        action being recorded, if known)?"""
        c = self.trk.card_of.get(oid)
        combat = before if before is not None else self._combat()
        x = combat.get(c) if c is not None else None
        return bool(isinstance(x, dict) and "attacking" in x and x["attacking"]["blocked"])

    def _is_siege_now(self, c):
        o = self._obj(self.trk.oids[c])
        return "Siege" in (o.get("card_types") or {}).get("subtypes", [])

    def _observe_objects_into_tracker(self, initial=False):
        """Protector origins and control changes: compare each card with how
        it was last seen."""
        trk = self.trk
        for c, oid in enumerate(self.trk.oids):
            o = self._obj(oid)
            zone = o.get("zone")
            was = trk.zone[c]
            trk.zone[c] = zone
            if zone != "Battlefield":
                trk.protector[c] = None
                trk.prot_seen[c] = False
                trk.origin[c] = "entered"
                trk.controller[c] = o.get("owner")
                trk.defense[c] = 0
                continue
            trk.defense[c] = int((o.get("counters") or {}).get("defense", 0))
            ctrl = o.get("controller")
            if not initial and was == "Battlefield" and ctrl != trk.controller[c]:
                trk.ctrl_since[c] = self._phase_turn()
            trk.controller[c] = ctrl
            if was != "Battlefield":
                trk.prot_seen[c] = False
                trk.protector[c] = None
            prot = protector_of(o)
            if prot is not None and prot != trk.protector[c]:
                if initial:
                    pass                  # the position's origin, as written
                elif not trk.prot_seen[c]:
                    trk.origin[c] = "entered"
                elif trk.protector[c] is not None and not self.in_game(trk.protector[c]):
                    trk.origin[c] = "protector_left"
                else:
                    trk.origin[c] = "control_change"
                trk.prot_seen[c] = True
                trk.protector[c] = prot

    # ------------------------------------------------------------------
    # automatic answers

    def _settle(self):
        """Answer what is not a decision of the shared vocabulary: choices
        with a single option, damage division among blockers, discarding
        filler to hand size."""
        for _ in range(50):
            wf = self._waiting()
            t = wf["type"]
            d = wf.get("data") or {}
            if t == "NamedChoice" and d.get("choice_type") == "Opponent" and len(d.get("options", [])) == 1:
                self._act(d["player"], {"type": "ChooseOption", "data": {"choice": d["options"][0]}})
            elif t == "BattleProtectorChoice" and len(d.get("candidates", [])) == 1:
                self._act(d["player"], {"type": "ChooseBattleProtector",
                                        "data": {"protector": d["candidates"][0]}})
            elif (t == "AssignCombatDamage" and self.trk.trample_k is None and not self._asks_unblocked(d)
                  and (self._trample_excess(d) <= 0 or self._attacks_removed_battle(d))
                  and len(self._divisions(d, 0)) <= 1):
                self._act(d["player"], self._damage_action(d, 0))
            elif t == "OrderTriggers":
                self._act(d["player"], self._trigger_order(d))
            elif t == "UnlessPayment" and not self._can_pay(d):
                # asked only when they can pay (702.21a; battlecheck's
                # vocabulary): phase asks anyway
                self._act(d["player"], {"type": "PayUnlessCost", "data": {"pay": False}})
            elif ((t in CHOICE_PENDING and t != "ReplacementChoice"
                   and CHOICE_PENDING[t] != "choose_new_targets")
                  or (t == "OptionalEffectChoice" and self.pending() == "choose_cards")) \
                    and len(self._choices()) == 1:
                # a choice with one option is no decision (but the targets
                # of a copy or of a spell cast as something resolves are
                # chosen even then: battlecheck's vocabulary asks)
                for actor, action in self._choices()[0][1]:
                    self._act(actor, action)
            elif t == "DiscardToHandSize":
                filler = [o for o in d.get("cards", []) if o not in self.trk.card_of]
                self._act(d["player"], {"type": "SelectCards", "data": {"cards": filler[:d["count"]]}})
            else:
                return
        raise Unsupported("the phase adapter answered 50 automatic prompts in a row")

    def _can_pay(self, d):
        cost = json.dumps(d.get("cost"))
        if "PayLife" in cost:
            # 119.4: life can be paid only up to the life total (phase takes
            # "pay" from a player who has less, pays nothing and counters)
            m = re.search(r'"value": (\d+)', cost)
            p = d["player"]
            life = self._player(p)["life"]
            if self.base.teams:
                life = self._player(p - p % 2)["life"] + self._player(p - p % 2 + 1)["life"]
            if m and life < int(m.group(1)):
                return False
        g = self._scratch()
        try:
            g.apply(d["player"], {"type": "PayUnlessCost", "data": {"pay": True}})
        except ValueError:
            return False
        return g.waiting_for()["type"] != "UnlessPayment"

    def _trigger_order(self, d):
        """One player's simultaneous triggers go on the stack in card order
        (battlecheck's engine: the order is no decision): the order phase
        offers that puts them on its stack so, the lowest card first."""
        orders = [a.to_dict() for a in self.game.actions() if a.kind == "OrderTriggers"]
        best = None
        for a in orders:
            g = self._scratch()
            try:
                g.apply(d["player"], a)
            except ValueError:
                continue
            srcs = [self.trk.card_of.get(e.get("source_id"), 10_000) for e in g.stack()]
            n = len(d.get("triggers") or [])
            tail = srcs[-n:] if n else srcs
            if tail == sorted(tail):
                return a
            best = best or a
        if best is None:
            raise Unsupported(f"phase offers no order for its triggers: {json.dumps(d)[:300]}")
        return best

    def _attacks_removed_battle(self, d):
        """With the mask 'trample-removed-battle': phase asks how a trampler
        whose battle was removed from combat divides its damage, offering the
        battle that is gone; it attacks nothing (506.4c), so all of it goes
        to its blockers (702.19b)."""
        if "trample-removed-battle" not in self.masks:
            return False
        tgt = d.get("attack_target") or {}
        if tgt.get("type") != "Battle":
            return False
        o = self._obj(tgt.get("data"))
        return not (o and o.get("zone") == "Battlefield"
                    and "Battle" in (o.get("card_types") or {}).get("core_types", []))

    def _trample_excess(self, d):
        if not d.get("trample"):
            return 0
        lethal = sum(b.get("lethal_minimum", 0) for b in d.get("blockers", []))
        return d.get("total_damage", 0) - lethal

    def _damage_action(self, d, to_attacked):
        """Combat damage of a blocked attacker: `to_attacked` to what it
        attacks (trample), then lethal damage to each blocker in card order,
        the rest to the last one (battlecheck's division, 510.1c)."""
        blockers = sorted(d.get("blockers", []),
                          key=lambda b: self.trk.card_of.get(b["blocker_id"], 10_000 + b["blocker_id"]))
        left = d.get("total_damage", 0) - to_attacked
        out = []
        for i, b in enumerate(blockers):
            n = left if i + 1 == len(blockers) else min(left, b.get("lethal_minimum", 0))
            out.append([b["blocker_id"], n])
            left -= n
        return {"type": "AssignCombatDamage",
                "data": {"assignments": out, "trample_damage": to_attacked,
                         "controller_damage": 0, "mode": "Normal"}}

    # ------------------------------------------------------------------
    # observation

    def turn_step(self):
        return step_of(self.game.phase, lambda: self._state().get("combat") or {})

    def priority_holder(self):
        """The seat phase gives priority to, when it waits for priority."""
        wf = self._waiting()
        if wf["type"] in ("Priority", "ReplacementChoice"):
            return wf["data"]["player"]
        return None

    def pending(self):
        wf = self._waiting()
        t = wf["type"]
        if t == "Priority":
            return "priority"
        if t == "DeclareAttackers":
            return "declare_attackers"
        if t == "DeclareBlockers":
            return "declare_blockers"
        if t == "AssignCombatDamage":
            d = wf.get("data") or {}
            if self._asks_unblocked(d):
                return "assign_as_unblocked"
            if self.trk.trample_k is not None or (
                    (self._trample_excess(d) <= 0 or self._attacks_removed_battle(d))
                    and len(self._divisions(d, 0)) > 1):
                return "divide_damage"
            return "assign_trample"
        if t in ("NamedChoice", "BattleProtectorChoice"):
            return "choose_protectors"
        if t == "OptionalEffectChoice":
            d = wf.get("data") or {}
            if "310.12b" in (d.get("description") or ""):
                return "cast_transformed"
            return "choose_cards"
        if t == "GameOver":
            return "game_over"
        if t == "ReplacementChoice":
            # a clone's "enter as a copy of": battlecheck's engine waits for
            # priority while the copy is chosen (choose_copy)
            return "priority"
        choice = CHOICE_PENDING.get(t)
        if choice is not None:
            return choice
        raise Unsupported(f"phase waits for '{t}', which battlecheck's vocabulary has no decision for: {json.dumps(wf)[:400]}")

    def observe(self):
        obs = self._cache.get("obs")
        if obs is not None:
            return obs
        base, trk = self.base, self.trk
        pending = self.pending()
        ts = self.turn_step()
        combat = self._combat()
        players = []
        for s in range(base.players):
            p = self._player(s)
            life = p["life"]
            if base.teams:
                # phase's team life is the sum of its players' lives (810.4)
                life = self._player(s - s % 2)["life"] + self._player(s - s % 2 + 1)["life"]
            life = max(-128, min(127, life))
            players.append({"life": life, "in_game": not p["is_eliminated"]})
        objects = []
        for c, oid in enumerate(trk.oids):
            objects.append(self._object_obs(c, oid, combat, players))
        stack = []
        for entry in self._stack():
            kind = entry.get("kind", {})
            kt = kind.get("type")
            src = trk.card_of.get(entry.get("source_id"))
            if kt == "Spell":
                card = src if src is not None else trk.card_of.get(kind.get("data", {}).get("card_id"))
                if card is None:
                    raise Unsupported(f"a spell on phase's stack is none of the position's cards: {entry.get('id')}")
                transformed = bool(self._obj(trk.oids[card]).get("transformed"))
                if trk.cast_transformed[card] and "transformed-spell" in self.masks:
                    transformed = True
                stack.append({"kind": "spell", "card": card, "controller": entry["controller"],
                              "transformed": transformed})
            else:
                if src is None:
                    raise Unsupported(f"an ability on phase's stack has no source among the position's cards: "
                                      f"{kt} of phase object {entry.get('source_id')} "
                                      f"({(kind.get('data') or {}).get('source_name')})")
                if kt == "TriggeredAbility":
                    what = "defeat_trigger" if is_defeat_trigger(entry) else "triggered_ability"
                else:
                    what = "ability"
                stack.append({"kind": what, "source": src, "controller": entry["controller"]})
        entering = self._entering_masked()
        if entering is not None:
            c, ctrl = entering
            objects[c].update(zone="stack", defense=0, protector=None, protector_origin="entered",
                              controller=ctrl, tapped=False)
            stack.append({"kind": "spell", "card": c, "controller": ctrl, "transformed": False})
        waiting = []
        if pending in ("choose_protectors", "cast_transformed"):
            # a trigger phase holds while a choice is made mid-resolution
            pt = self._state().get("pending_trigger")
            if pt:
                src = trk.card_of.get(pt.get("source_id")) if isinstance(pt, dict) else None
                if src is not None:
                    waiting.append(src)
        obs = {
            "turn": min(255, base.turn0 + self._phase_turn() - 1),
            "active": trk.active,
            "step": COARSE_STEP[ts],
            "pending": pending,
            "players": players,
            "objects": objects,
            "stack": stack,
            "waiting_triggers": waiting,
        }
        self._cache["obs"] = obs
        return obs

    def _entering_masked(self):
        """With the mask 'entry-choice': the battle whose protector phase asks
        for after putting it onto the battlefield (a NamedChoice), as the
        resolving spell it still is (614.12, 310.9a)."""
        if "entry-choice" not in self.masks:
            return None
        wf = self._waiting()
        if wf["type"] != "NamedChoice":
            return None
        battle, _ = self._protector_prompt(wf)
        if battle is None:
            return None
        o = self._obj(self.trk.oids[battle])
        if not o:
            # a token phase has not made yet: nothing is on the battlefield
            return None
        return battle, o.get("controller")

    def _combat(self):
        """Each creature's part in combat, from phase's combat state (kept
        until an event that may change it)."""
        if self.game.phase not in COMBAT_PHASES:
            return {}
        if self.trk.combat is None:
            self.trk.combat = self._read_combat()
        return self.trk.combat

    def _read_combat(self):
        st = self._state()
        combat = st.get("combat") or {}
        card_of = self.trk.card_of
        out = {}
        for a in combat.get("attackers", []):
            c = card_of.get(a.get("object_id"))
            if c is None:
                continue
            tgt = a.get("attack_target")
            target = None
            if isinstance(tgt, dict):
                if tgt.get("type") == "Player":
                    target = {"player": tgt["data"]}
                elif tgt.get("type") == "Battle":
                    # phase keeps the object id of an attacked battle that
                    # left the battlefield (or came back as a new object
                    # that is no battle): such a creature attacks nothing
                    # (506.4c).
                    b = card_of.get(tgt["data"])
                    bo = self._obj(tgt["data"]) if b is not None else None
                    if bo and bo.get("zone") == "Battlefield" and "Battle" in (bo.get("card_types") or {}).get("core_types", []):
                        target = {"battle": b}
                elif tgt.get("type") == "Planeswalker":
                    b = card_of.get(tgt["data"])
                    bo = self._obj(tgt["data"]) if b is not None else None
                    if bo and bo.get("zone") == "Battlefield" and "Planeswalker" in (bo.get("card_types") or {}).get("core_types", []):
                        target = {"planeswalker": b}
            attacking = {"target": target, "blocked": bool(a.get("blocked"))}
            # 508.5: phase keeps each attacker's defending player.
            if isinstance(a.get("defending_player"), int):
                attacking["defender"] = a["defending_player"]
            out[c] = {"attacking": attacking}
        b2a = combat.get("blocker_to_attacker") or {}
        for b, atk in b2a.items():
            c = card_of.get(int(b))
            if isinstance(atk, list):
                atk = atk[0] if atk else None
            a = card_of.get(atk)
            if c is not None and a is not None:
                out[c] = {"blocking": a}
        if "blocker-stays" in self.masks:
            # phase forgets a block when the attacker leaves the battlefield;
            # the blocker remains a blocking creature (509.1g).
            objs = st.get("objects") or {}
            for rec in combat.get("creature_blocked_attackers_this_combat") or []:
                b, a = rec.get("blocker") or {}, rec.get("attacker") or {}
                cb, ca = card_of.get(b.get("object_id")), card_of.get(a.get("object_id"))
                if cb is None or ca is None or cb in out:
                    continue
                bo = objs.get(str(b["object_id"])) or {}
                ao = objs.get(str(a["object_id"])) or {}
                attacker_left = (ao.get("zone") != "Battlefield"
                                 or ao.get("incarnation", 0) != a.get("incarnation", 0))
                blocker_here = (bo.get("zone") == "Battlefield"
                                and bo.get("incarnation", 0) == b.get("incarnation", 0)
                                and bo.get("controller") == self.trk.block_ctrl.get(cb))
                if attacker_left and blocker_here:
                    out[cb] = {"blocking": ca}
        return out

    def _object_obs(self, c, oid, combat, players):
        base, trk = self.base, self.trk
        info = trk.info[c]
        o = self._obj(oid)
        zone = ZONES.get(o.get("zone"), "outside")
        if zone == "library" and trk.tokens[c]:
            zone = "outside"
        owner = trk.owners[c]
        if not players[owner]["in_game"] and zone == "exile" and "leaver-exile" in self.masks:
            zone = "outside"
        live = zone in ("battlefield", "stack")
        types = o.get("card_types") or {}
        core = types.get("core_types", [])
        subtypes = types.get("subtypes", [])
        if zone == "stack" and "stack-limbo" in self.masks and not any(
                e.get("source_id") == oid or (e.get("kind", {}).get("data") or {}).get("card_id") == oid
                for e in self._stack()):
            # phase leaves a sorcery back face that resolved in the stack
            # zone, off the stack (FINDINGS.md): report the graveyard it
            # should have gone to (608.2n), front face up (712.8a).
            zone, live = "graveyard", False
            core = [t.capitalize() for t in info.types]
            subtypes = list(info.subtypes)
        back = bool(o.get("transformed")) and live
        battle = "Battle" in core
        creature = "Creature" in core
        if zone == "stack" and trk.cast_transformed[c] and "transformed-spell" in self.masks:
            # phase puts a card cast transformed on the stack front face up
            # (FINDINGS.md): report the back face it should have (712.8c).
            back = True
            core = [t.capitalize() for t in info.back["types"]]
            subtypes = []
            battle = "Battle" in core
            creature = "Creature" in core
        on_bf = zone == "battlefield"
        creature_here = on_bf and creature
        if trk.tokens[c] or (battle and on_bf and not info.is_battle):
            # a token, or a copy of a battle: phase's own defense
            printed = int(o.get("base_defense") or o.get("defense") or 0) if battle else 0
        elif back:
            printed = int((info.back or {}).get("defense", 0)) if battle else 0
        else:
            printed = info.defense if info.is_battle else 0
        controller = o.get("controller") if live else owner
        sick = False
        if creature_here:
            q = controller - controller % 2 if base.teams else controller
            latest = max([t for t, s in trk.turn_active.items() if s == q and t <= self._phase_turn()], default=0)
            sick = trk.ctrl_since[c] >= latest
        protector = protector_of(o) if on_bf and battle else None
        obs = {
            "id": c,
            "owner": owner,
            # a copy of a spell on the stack is no token (707.10): it
            # becomes one as a permanent spell resolves (111.1)
            "token": trk.tokens[c] and zone != "stack",
            "dfc": info.dfc and not trk.tokens[c],
            "zone": zone,
            "controller": controller,
            "back_face": back,
            "battle": battle,
            "siege": battle and "Siege" in subtypes,
            "creature": creature,
            "sorcery_back": info.sorcery_back,
            "siege_copy": False,
            "defense": int((o.get("counters") or {}).get("defense", 0)) if on_bf else 0,
            "printed_defense": printed,
            "protector": protector,
            "protector_origin": trk.origin[c] if protector is not None else "entered",
            # Tapped is a status of permanents only (110.5): phase keeps the
            # flag on a card that left the battlefield.
            "tapped": bool(o.get("tapped")) if on_bf else False,
            "damage": int(o.get("damage_marked", 0)) if creature_here else 0,
            "sick": sick,
            "flash": info.flash,
            "power": int(o.get("power") or 0) if creature_here else 0,
            "toughness": int(o.get("toughness") or 0) if creature_here else 0,
            "combat": combat.get(c, "none") if on_bf else "none",
            "attached_to": self._attached_to(o) if on_bf else None,
            # No mapped card exiles a card its owner may then play (C02).
            "playable_from_exile": zone == "exile" and self._playable_from_exile(oid, owner),
            "history": dict(trk.history[c]),
        }
        if on_bf and "Planeswalker" in core:
            # optional in the protocol (absent: 0), as battlecheck's engine
            # writes it
            obs["loyalty"] = int((o.get("counters") or {}).get("loyalty", o.get("loyalty") or 0))
        return obs

    def _playable_from_exile(self, oid, owner):
        """phase's permission to play the card from exile, granted to its
        owner (601.3: Invasion of Gobakhan, Kaldheim)."""
        o = self._obj(oid)
        return any(isinstance(p, dict) and p.get("granted_to") == owner
                   and p.get("type") in ("PlayFromExile", "CastFromExile")
                   for p in o.get("casting_permissions") or [])

    def _attached_to(self, o):
        a = o.get("attached_to")
        if isinstance(a, dict) and a.get("type") == "Object":
            return self.trk.card_of.get(a.get("data"))
        if isinstance(a, int):
            return self.trk.card_of.get(a)
        return None


def convoke_tap(pending_cast, taps, paid_types):
    """The convoke tap (phase's TapForConvoke) that pays part of the cost
    still unpaid: one mana of the creature's color for a mana symbol of that
    color, else {1} for generic mana (702.51a); None if it would pay
    nothing. The unpaid part: phase's cost less `paid_types`, what the
    creatures convoked so far paid (phase keeps the cost whole and lists
    every tap, even one that pays nothing)."""
    cost = pending_cast.get("cost") or {}
    shards = list(cost.get("shards") or [])
    generic = int(cost.get("generic") or 0)
    for m in paid_types:
        if m in shards:
            shards.remove(m)
        elif generic > 0:
            generic -= 1
    colored = [a for a in taps if a["data"].get("mana_type") not in (None, "Colorless")
               and a["data"]["mana_type"] in shards]
    if colored:
        return colored[0]
    if generic > 0:
        plain = [a for a in taps if a["data"].get("mana_type") == "Colorless"] or taps
        return plain[0]
    return None


def is_defeat_trigger(entry):
    """A Siege's defeat trigger (310.12b) on phase's stack: phase writes it
    with the rule number in its description."""
    d = (entry.get("kind") or {}).get("data") or {}
    desc = d.get("description") or (d.get("ability") or {}).get("description") or ""
    return "310.12b" in desc


def protector_of(o):
    for a in o.get("chosen_attributes") or []:
        if isinstance(a, dict) and a.get("type") == "Player":
            return a.get("value")
    return None


def _declare_blocks(game, pairs, players):
    """Declare the (blocker, attacker) object pairs on a phase game, each
    defending player's when phase asks for them (it asks one at a time, in
    APNAP order, 802.4). phase's refusal raises ValueError."""
    for _ in range(players):
        wf = game.waiting_for()
        if wf["type"] != "DeclareBlockers":
            break
        p = wf["data"]["player"]
        mine = [[b, a] for b, a in pairs if game.object(b).get("controller") == p]
        game.apply(p, {"type": "DeclareBlockers", "data": {"assignments": mine}})


def _product(options):
    """Every choice of one option (None: nothing) per item: lists of
    [item, option] pairs."""
    out = [[]]
    for item, opts in options:
        out = [prefix + ([[item, o]] if o is not None else []) for prefix in out for o in opts]
    return out


