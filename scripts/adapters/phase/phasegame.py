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
    "Library": "outside",
    "Command": "outside",
}

# exile_casts and hit_as_unblocked (checklist C02, C04) stay 0 and false:
# no card the adapter maps (cards.py) lets its owner cast it from exile or
# a creature assign its damage as though it weren't blocked.
HISTORY_COUNTS = ("defeats", "triggers", "trigger_exiles", "trigger_fizzles",
                  "triggers_countered", "transformed_casts", "exile_casts")
HISTORY_FLAGS = ("combat_defeat", "trampled", "hit_as_unblocked", "was_siege_copy")

FILLER_PER_PLAYER = 12

RULE_RE = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b")


class SetupError(Exception):
    """A position the adapter cannot set up (answered with `error`)."""


class Refused(Exception):
    """A decision phase (or the adapter, for a decision that names nothing
    in the game) does not take; the game is unchanged."""

    def __init__(self, message, rule=None):
        super().__init__(message)
        self.message = message
        self.rule = rule


class Unsupported(Exception):
    """phase asks for something the shared vocabulary cannot express."""


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


class Base:
    """A set-up position: the phase state it loads from, and how its cards
    map onto phase objects. Cached per position."""

    def __init__(self, state_json, oids, owners, names, players, turn0, setup_ctrl_since,
                 first_active):
        self.state_json = state_json
        self.oids = oids                  # card number -> phase object id
        self.owners = owners              # card number -> seat
        self.names = names                # card number -> card name
        self.card_of = {oid: i for i, oid in enumerate(oids)}
        self.players = players
        self.turn0 = turn0                # the position's turn number (phase starts at 1)
        self.setup_ctrl_since = setup_ctrl_since
        self.first_active = first_active
        self.info = [carddata.CARDS[n] for n in names]


class Tracker:
    """What the adapter remembers beside phase's state: copied with every
    snapshot."""

    def __init__(self, base):
        n = len(base.oids)
        self.history = [dict.fromkeys(HISTORY_COUNTS, 0) | dict.fromkeys(HISTORY_FLAGS, False)
                        for _ in range(n)]
        self.defense = [0] * n            # defense counters as last seen
        self.protector = [None] * n       # protector as last seen
        self.origin = ["entered"] * n
        self.prot_seen = [False] * n      # a protector was seen since it entered
        self.cast_transformed = [False] * n  # on the stack, cast transformed (310.12b)
        self.zone = [None] * n            # phase zone as last seen
        self.controller = list(base.owners)
        self.ctrl_since = list(base.setup_ctrl_since)
        self.turn_active = {1: base.first_active}
        self.active = base.first_active
        self.triggers = {}                # stack entry id -> source card (defeat triggers)
        self.block_ctrl = {}              # blocker card -> its controller when it blocked
        self.combat = None                # each card's combat part as phase has it (None: read it)
        self.trample_k = None             # a trample amount given, its division still to come (510.1c)

    def copy(self):
        t = copy.copy(self)
        t.history = [dict(h) for h in self.history]
        t.defense = list(self.defense)
        t.protector = list(self.protector)
        t.origin = list(self.origin)
        t.prot_seen = list(self.prot_seen)
        t.cast_transformed = list(self.cast_transformed)
        t.zone = list(self.zone)
        t.controller = list(self.controller)
        t.ctrl_since = list(self.ctrl_since)
        t.turn_active = dict(self.turn_active)
        t.triggers = dict(self.triggers)
        t.block_ctrl = dict(self.block_ctrl)
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


class Decisions:
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

    def _target_of(self, t, game):
        """A phase target as a shared Target, or None."""
        card_of = self.base.card_of
        if "Player" in t:
            return {"player": t["Player"]}
        if "Object" in t:
            oid = t["Object"]
            c = card_of.get(oid)
            if c is not None:
                o = game.object(oid)
                if o.get("zone") == "Battlefield":
                    return {"permanent": c}
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
        oids = self.base.oids
        if "player" in target:
            return [{"Player": target["player"]}]
        if "permanent" in target:
            c = target["permanent"]
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
        if pending == "priority":
            out.append({"decision": "pass_all"})
            out.extend(self._cast_decisions(d["player"]))
        elif pending == "declare_attackers":
            out.extend(self._attack_decisions(d))
        elif pending == "declare_blockers":
            out.extend(self._block_decisions())
        elif pending == "assign_trample":
            a = self.base.card_of.get(d.get("attacker_id"))
            if a is not None:
                for k in range(self._trample_excess(d) + 1):
                    out.append({"decision": "assign_trample", "attacker": a, "to_attacked": k})
        elif pending == "divide_damage":
            a = self.base.card_of.get(d.get("attacker_id"))
            if a is not None:
                for split in self._divisions(d, self.trk.trample_k or 0):
                    out.append({"decision": "divide_damage", "attacker": a,
                                "division": [[self.base.card_of.get(b, b), n] for b, n in split]})
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
            return self.base.card_of.get(d.get("battle_id")), list(d.get("candidates", []))
        src = d.get("source") or {}
        ref = (((src.get("prompt") or {}).get("identity") or {}).get("reference") or {})
        battle = self.base.card_of.get(ref.get("object_id"))
        return battle, [int(o) for o in d.get("options", [])]

    def _optional_card(self, wf):
        d = wf.get("data") or {}
        found = _find_key(d, "object_id", self.base.card_of)
        if found is None:
            found = _find_key(d, "source_id", self.base.card_of)
        if found is None:
            raise Unsupported(f"an optional effect with no source among the position's cards: {json.dumps(d)[:300]}")
        return self.base.card_of[found]

    def _cast_decisions(self, holder):
        """Every cast phase allows in this priority window: the holder's,
        and each other player's once the players before them have passed
        (117.3d), found on one scratch copy of the game, player after
        player in turn order. A targeted spell is cast there to read its
        legal targets from phase's target prompt, then cancelled."""
        out = []
        card_of = self.base.card_of
        info = self.base.info
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
                    break
                game = scratch
            casts = [a.data for a in game.actions() if a.kind == "CastSpell" and a.data.get("object_id") in card_of]
            for a in casts:
                c = card_of[a["object_id"]]
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
                        raise Unsupported(f"a spell with {len(slots)} target slots")
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

    def _spell_targets(self, game, oid):
        """The targets phase recorded for spell `oid` on the stack."""
        for e in game.stack():
            kind = e.get("kind", {})
            if kind.get("type") == "Spell" and e.get("source_id") == oid:
                ability = (kind.get("data") or {}).get("ability") or {}
                return list(ability.get("targets") or [])
        return []

    def _attack_decisions(self, d):
        card_of = self.base.card_of
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
                elif t.get("type") == "Battle":
                    b = card_of.get(t["data"])
                    if b is not None:
                        opts.append({"battle": b})
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
        card_of = self.base.card_of
        options = []
        for d in self._block_prompts():
            targets = d.get("valid_block_targets") or {}
            for oid in d.get("valid_blocker_ids", []):
                c = card_of.get(oid)
                if c is None:
                    continue
                opts = [None] + [card_of[a] for a in targets.get(str(oid), []) if a in card_of]
                options.append((c, opts))
        return [{"decision": "declare_blockers", "blocks": combo} for combo in _product(options)]

    # ------------------------------------------------------------------
    # applying a decision, all or nothing

    def apply(self, decision):
        if not isinstance(decision, dict):
            raise Refused("a decision is an object")
        kind = decision.get("decision")
        anchor, suffix, trk = self.anchor, list(self.suffix), self.trk.copy()
        self.facts = []
        try:
            if kind == "pass_all":
                self._apply_pass_all()
            elif kind == "cast":
                self._apply_cast(decision)
            elif kind == "concede":
                self._apply_concede(decision)
            elif kind == "choose_protectors":
                self._apply_protectors(decision)
            elif kind == "declare_attackers":
                self._apply_attackers(decision)
            elif kind == "declare_blockers":
                self._apply_blockers(decision)
            elif kind == "assign_trample":
                self._apply_trample(decision)
            elif kind == "divide_damage":
                self._apply_division(decision)
            elif kind == "cast_transformed":
                self._apply_cast_transformed(decision)
            elif kind in ("equip", "choose_copy"):
                raise Refused(f"'{kind}' names nothing in this game: no card of the position can be "
                              f"{'equipped' if kind == 'equip' else 'a copy'}", "117.1")
            else:
                raise Refused(f"unknown decision {kind!r}")
            self._settle()
            self.pending()
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
            raise

    def _card(self, c, what="card"):
        if not isinstance(c, int) or not 0 <= c < len(self.base.oids):
            raise Refused(f"{what} {c!r} is not a card of the position")
        return self.base.oids[c]

    def _seat(self, p):
        if not isinstance(p, int) or not 0 <= p < self.base.players:
            raise Refused(f"player {p!r} does not exist")
        return p

    def _apply_pass_all(self):
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
        wf = self._waiting()
        if wf["type"] == "Priority" and wf["data"]["player"] != p:
            for _ in range(self.base.players):
                wf = self._waiting()
                if wf["type"] != "Priority" or wf["data"]["player"] == p:
                    break
                before = (self.game.turn, self.turn_step(), self._stack_ids())
                self._act(wf["data"]["player"], {"type": "PassPriority"})
                if (self.game.turn, self.turn_step(), self._stack_ids()) != before:
                    raise Refused(f"player {p} cannot get priority without the stack or the step changing", "117.3d")
        self._act(p, {"type": "CastSpell", "data": {"object_id": oid, "card_id": oid, "targets": [],
                                                     "payment_mode": {"type": "Auto"}}})
        left = list(targets)
        for _ in range(8):
            wf = self._waiting()
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
                              f"(legal: {json.dumps(legal)})", "115.1")
            self._act(p, {"type": "ChooseTarget", "data": {"target": pick}})
        if left:
            # phase chooses the only legal target itself, without a prompt
            auto = [self._target_of(t, self.game) for t in self._spell_targets(self.game, oid)]
            if auto and auto == left:
                left = []
            elif auto:
                raise Refused(f"{json.dumps(left)} is not a legal target for card {dec.get('card')} in phase, "
                              f"whose only legal target is {json.dumps(auto)}", "115.1")
        if left:
            raise Refused(f"card {dec.get('card')} takes no more targets: {json.dumps(left)} left over", "601.2c")

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
                raise Refused(f"no protector is being chosen: phase waits for {wf['type']}", "310.9a")
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
                self.trk.block_ctrl[self.base.card_of[x[0]]] = p
            self._act(p, {"type": "DeclareBlockers", "data": {"assignments": [[b, a] for b, a in mine]}})
        if left:
            who = sorted({self._obj(b).get("controller") for b, _ in left})
            raise Refused(f"blocks by creatures of players who are not declaring blockers ({who}): "
                          f"{[[self.base.card_of[b], self.base.card_of[a]] for b, a in left]}", "509.1a")

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
            raise Refused(f"phase asks for the damage of card {self.base.card_of.get(d.get('attacker_id'))}, "
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
                          key=lambda b: self.base.card_of.get(b["blocker_id"], 10_000 + b["blocker_id"]))
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
            raise Refused(f"phase asks for the damage of card {self.base.card_of.get(d.get('attacker_id'))}, "
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
            b = self.base.card_of.get(tgt.get("data"))
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
        if len(snap.suffix) > self.MATERIALISE_AFTER:
            snap.anchor = [json.dumps(self.game.state())]
            snap.suffix = ()
            self.anchor = snap.anchor
            self.suffix = []



class PhaseSession(Decisions):
    # A snapshot whose replay is longer than this is stored as a phase state
    # after its first restore.
    MATERIALISE_AFTER = 6

    def __init__(self, engine, log=None):
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
        self._observe_objects_into_tracker(initial=True)
        self._settle()

    def _build_base(self, pos):
        steps = pos.get("steps")
        if steps not in (None, []):
            raise SetupError("setup: a position has no 'steps' (or an empty list)")
        for field in ("priority", "stack", "waiting_triggers", "faults"):
            if pos.get(field) not in (None, [], {}):
                raise SetupError(f"setup: the phase adapter does not set up positions with '{field}'")
        if pos.get("pending", "priority") != "priority":
            raise SetupError("setup: the phase adapter sets up positions waiting for priority only")
        players = pos.get("players", 2)
        if isinstance(players, int):
            lives = [20] * players
        elif isinstance(players, list):
            lives = []
            for i, p in enumerate(players):
                if not isinstance(p, dict):
                    raise SetupError(f"setup: players[{i}] must be an object")
                if p.get("in_game", True) is not True:
                    raise SetupError("setup: the phase adapter does not set up players who left the game")
                lives.append(int(p.get("life", 20)))
        else:
            raise SetupError("setup: 'players' must be a count or a list")
        n = len(lives)
        if not 2 <= n <= 6:
            raise SetupError(f"setup: phase seats 2 to 6 players, the position has {n}")
        turn = pos.get("turn", 1)
        if not isinstance(turn, int) or not 0 <= turn <= 255:
            raise SetupError("setup: 'turn' must be 0 to 255")
        step = pos.get("step", "main1")
        if step not in START_PHASES:
            raise SetupError(f"setup: the phase adapter sets up positions in a step with no combat under way "
                             f"({', '.join(START_PHASES)}), not '{step}'")
        active = seat_of(pos.get("active", "P1"), n)

        cards = pos.get("cards", [])
        if not isinstance(cards, list):
            raise SetupError("setup: 'cards' must be a list")
        names, owners, zones, specs = [], [], [], []
        for i, c in enumerate(cards):
            if not isinstance(c, dict):
                raise SetupError(f"setup: cards[{i}] must be an object")
            name = c.get("card")
            if name in carddata.UNSUPPORTED:
                raise SetupError(f"setup: card '{name}' (cards[{i}]) is not supported by the phase adapter: {carddata.UNSUPPORTED[name]}")
            if name not in carddata.CARDS:
                raise SetupError(f"setup: unknown card '{name}' (cards[{i}]): the phase adapter has no card data for it")
            for field in ("token", "back_face", "copy_of", "animated", "attached_to", "attacking",
                          "blocking", "control_effect"):
                if c.get(field) not in (None, False, [], {}):
                    raise SetupError(f"setup: cards[{i}] ('{name}'): the phase adapter does not set up '{field}'")
            hist = c.get("history") or {}
            if any(hist.get(k) for k in hist):
                raise SetupError(f"setup: cards[{i}] ('{name}'): the phase adapter does not set up a history")
            owner = seat_of(c.get("owner"), n)
            ctrl = seat_of(c.get("controller", c.get("owner")), n)
            if ctrl != owner:
                raise SetupError(f"setup: cards[{i}] ('{name}'): the phase adapter does not set up a controller other than the owner")
            zone = c.get("zone")
            if zone not in ("hand", "battlefield", "graveyard", "exile"):
                raise SetupError(f"setup: cards[{i}] ('{name}'): the phase adapter does not set up zone '{zone}'")
            info = carddata.CARDS[name]
            if zone == "battlefield" and info.is_battle:
                if info.is_siege and c.get("protector") is None:
                    raise SetupError(f"setup: cards[{i}] ('{name}'): a Siege on the battlefield needs a 'protector'")
                if c.get("protector_origin", "entered") != "entered":
                    raise SetupError(f"setup: cards[{i}] ('{name}'): the phase adapter does not set up 'protector_origin'")
            names.append(name)
            owners.append(owner)
            zones.append(zone)
            specs.append(c)

        fmt = "Standard" if n == 2 else "FreeForAll"
        decks = []
        for s in range(n):
            decks.append([names[i] for i in range(len(names)) if owners[i] == s]
                         + [carddata.FILLER] * FILLER_PER_PLAYER)
        try:
            g = self.engine.new_game(decks[0], decks[1], extra_players=decks[2:] or None, seed=1,
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
            oid = next((o for o in per_seat[owners[i]]
                        if o not in used and objs[str(o)]["name"] == name), None)
            if oid is None:
                raise SetupError(f"setup: phase did not create '{name}' (cards[{i}])")
            used.add(oid)
            oids.append(oid)
        setup_ctrl_since = []
        for i, oid in enumerate(oids):
            o = objs[str(oid)]
            c = specs[i]
            z = zones[i]
            p = st["players"][owners[i]]
            since = -1
            if z == "hand":
                o["zone"] = "Hand"
                p["hand"].append(oid)
            elif z == "graveyard":
                o["zone"] = "Graveyard"
                p["graveyard"].append(oid)
            elif z == "exile":
                o["zone"] = "Exile"
                st["exile"].append(oid)
            else:
                o["zone"] = "Battlefield"
                st["battlefield"].append(oid)
                sick = bool(c.get("sick", False))
                o["entered_battlefield_turn"] = 1 if sick else 0
                since = 1 if sick else -1
                o["summoning_sick"] = sick
                o["tapped"] = bool(c.get("tapped", False))
                o["damage_marked"] = int(c.get("damage", 0) or 0)
                o["timestamp"] = st["next_timestamp"]
                st["next_timestamp"] += 1
                info = carddata.CARDS[names[i]]
                if info.is_battle:
                    defense = c.get("defense")
                    o["counters"] = {"defense": int(info.defense if defense is None else defense)}
                    # a battle with no battle type is protected by its controller (310.9a)
                    prot = seat_of(c["protector"], n) if c.get("protector") is not None else owners[i]
                    o["chosen_attributes"] = [{"type": "Player", "value": prot}]
            setup_ctrl_since.append(since)
        for s in range(n):
            p = st["players"][s]
            for oid in per_seat[s]:
                if oid not in used:
                    objs[str(oid)]["zone"] = "Library"
                    p["library"].append(oid)
            p["life"] = lives[s]
        if "concede-sba" in self.masks:
            st["debug_mode"] = True
            st["format_config"]["allow_debug_actions"] = True
        st["phase"] = START_PHASES[step]
        st["active_player"] = active
        st["priority_player"] = active
        st["waiting_for"] = {"type": "Priority", "data": {"player": active}}
        return Base(json.dumps(S), oids, owners, names, n, turn, setup_ctrl_since, active)

    # ------------------------------------------------------------------
    # low-level driving

    def _touch(self):
        self.version += 1
        self._cache = {}

    def _state(self):
        st = self._cache.get("state")
        if st is None:
            st = self.game.state()["state"]
            self._cache["state"] = st
        return st

    def _act(self, actor, action):
        """Apply one phase action (raises Refused with phase's message)."""
        try:
            r = self.game.apply(actor, action)
        except ValueError as e:
            msg = str(e)
            if len(msg) > 600:
                msg = msg[:600] + " …"
            raise Refused(f"phase refuses {action.get('type')} by player {actor}: {msg}", rule_in(str(e)))
        self.suffix.append((actor, action))
        self._touch()
        self._record(r.events, action)
        return r

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
            o = self.game.object(oid)
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
    # history and bookkeeping from phase's events

    def _damage_fact(self, d):
        """What the protocol's `happened` says of phase's DamageDealt: the
        source and recipient as battlecheck numbers them (damage from or to
        objects outside the position is left out)."""
        source = self.base.card_of.get(d.get("source_id"))
        target = d.get("target") or {}
        if source is None or not isinstance(target, dict):
            return
        if "Player" in target:
            to = {"player": target["Player"]}
        elif "Object" in target and self.base.card_of.get(target["Object"]) is not None:
            to = {"permanent": self.base.card_of[target["Object"]]}
        else:
            return
        self.facts.append({"fact": "damage", "source": source, "to": to, "amount": d.get("amount", 0)})

    def take_facts(self):
        """What the last decision did, as told (see `_record`)."""
        facts, self.facts = self.facts, []
        return facts

    def _record(self, events, action):
        trk = self.trk
        card_of = self.base.card_of
        info = self.base.info
        evs = list(events)
        stack_before = dict(trk.triggers)
        combat_before = trk.combat
        if any(ev["type"] not in COMBAT_SAFE_EVENTS for ev in evs):
            trk.combat = None
        exiled_now = set()
        countered = set()
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
                        if self._blocked_attacker(d.get("source_id"), combat_before):
                            trk.history[c]["trampled"] = True
        # defeat triggers: new ones on the stack, and the ones that left it
        now = {}
        for entry in self._stack():
            kind = entry.get("kind", {})
            if kind.get("type") == "TriggeredAbility":
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
        self._observe_objects_into_tracker()

    def _blocked_attacker(self, oid, before):
        """Was attacker `oid` blocked (phase's combat as it was before the
        action being recorded, if known)?"""
        c = self.base.card_of.get(oid)
        combat = before if before is not None else self._combat()
        x = combat.get(c) if c is not None else None
        return bool(isinstance(x, dict) and "attacking" in x and x["attacking"]["blocked"])

    def _is_siege_now(self, c):
        o = self._obj(self.base.oids[c])
        return "Siege" in (o.get("card_types") or {}).get("subtypes", [])

    def _observe_objects_into_tracker(self, initial=False):
        """Protector origins and control changes: compare each card with how
        it was last seen."""
        trk = self.trk
        for c, oid in enumerate(self.base.oids):
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
                if initial or not trk.prot_seen[c]:
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
            elif (t == "AssignCombatDamage" and self.trk.trample_k is None
                  and (self._trample_excess(d) <= 0 or self._attacks_removed_battle(d))
                  and len(self._divisions(d, 0)) <= 1):
                self._act(d["player"], self._damage_action(d, 0))
            elif t == "DiscardToHandSize":
                filler = [o for o in d.get("cards", []) if o not in self.base.card_of]
                self._act(d["player"], {"type": "SelectCards", "data": {"cards": filler[:d["count"]]}})
            else:
                return
        raise Unsupported("the phase adapter answered 50 automatic prompts in a row")

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
                          key=lambda b: self.base.card_of.get(b["blocker_id"], 10_000 + b["blocker_id"]))
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
        if wf["type"] == "Priority":
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
            if self.trk.trample_k is not None or (
                    (self._trample_excess(d) <= 0 or self._attacks_removed_battle(d))
                    and len(self._divisions(d, 0)) > 1):
                return "divide_damage"
            return "assign_trample"
        if t in ("NamedChoice", "BattleProtectorChoice"):
            return "choose_protectors"
        if t == "OptionalEffectChoice":
            return "cast_transformed"
        if t == "GameOver":
            return "game_over"
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
            life = max(-128, min(127, p["life"]))
            players.append({"life": life, "in_game": not p["is_eliminated"]})
        objects = []
        for c, oid in enumerate(base.oids):
            objects.append(self._object_obs(c, oid, combat, players))
        stack = []
        for entry in self._stack():
            kind = entry.get("kind", {})
            kt = kind.get("type")
            src = base.card_of.get(entry.get("source_id"))
            if kt == "Spell":
                card = base.card_of.get(kind.get("data", {}).get("card_id"), src)
                if card is None:
                    raise Unsupported(f"a spell on phase's stack is none of the position's cards: {entry.get('id')}")
                transformed = bool(self._obj(base.oids[card]).get("transformed"))
                if trk.cast_transformed[card] and "transformed-spell" in self.masks:
                    transformed = True
                stack.append({"kind": "spell", "card": card, "controller": entry["controller"],
                              "transformed": transformed})
            elif kt == "TriggeredAbility" and src is not None and base.info[src].is_battle:
                stack.append({"kind": "defeat_trigger", "source": src, "controller": entry["controller"]})
            else:
                if src is None:
                    raise Unsupported(f"an ability on phase's stack has no source among the position's cards: {kt}")
                stack.append({"kind": "ability", "source": src, "controller": entry["controller"]})
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
                src = base.card_of.get(pt.get("source_id")) if isinstance(pt, dict) else None
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
        o = self._obj(self.base.oids[battle])
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
        card_of = self.base.card_of
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
            out[c] = {"attacking": {"target": target, "blocked": bool(a.get("blocked"))}}
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
        info = base.info[c]
        o = self._obj(oid)
        zone = ZONES.get(o.get("zone"), "outside")
        owner = base.owners[c]
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
        if back:
            printed = 0
        else:
            printed = info.defense if info.is_battle else 0
        controller = o.get("controller") if live else owner
        sick = False
        if creature_here:
            q = controller
            latest = max([t for t, s in trk.turn_active.items() if s == q and t <= self._phase_turn()], default=0)
            sick = trk.ctrl_since[c] >= latest
        protector = protector_of(o) if on_bf and battle else None
        return {
            "id": c,
            "owner": owner,
            "token": False,
            "dfc": info.dfc,
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
            "attached_to": None,
            # No mapped card exiles a card its owner may then play (C02).
            "playable_from_exile": False,
            "history": dict(trk.history[c]),
        }


def protector_of(o):
    for a in o.get("chosen_attributes") or []:
        if isinstance(a, dict) and a.get("type") == "Player":
            return a.get("value")
    return None


def _product(options):
    """Every choice of one option (None: nothing) per item: lists of
    [item, option] pairs."""
    out = [[]]
    for item, opts in options:
        out = [prefix + ([[item, o]] if o is not None else []) for prefix in out for o in opts]
    return out


def _find_key(d, key, wanted):
    if isinstance(d, dict):
        v = d.get(key)
        if isinstance(v, int) and v in wanted:
            return v
        for x in d.values():
            r = _find_key(x, key, wanted)
            if r is not None:
                return r
    elif isinstance(d, list):
        for x in d:
            r = _find_key(x, key, wanted)
            if r is not None:
                return r
    return None
