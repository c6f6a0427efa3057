"""The decisions of battlecheck's real-card games, on phase.rs.

Mixed into phasegame.PhaseSession. phase lists the answers to most of its
choice prompts itself (`Game.actions()`: one `ChooseTarget` per legal target,
one `SelectCards` per legal set of cards, one `SelectModes` per legal set of
modes, ...); here each phase answer becomes the shared decision it is
(`target_trigger`, `choose_cards`, `choose_modes`, `pay_unless`,
`keep_legend`, `choose_copy`, `choose_new_targets`), so that the legal
decisions are phase's own answers, and a decision is taken by applying the
phase answer it stands for. Answers naming objects the position does not
know (the library filler) are left out.

The priority decisions of real-card games (`activate_mana`, `play_land`,
`activate`, `equip`) become phase's `ActivateAbility` (mana abilities and
equip included), `CrewVehicle` (an `activate` with `crew`) and `PlayLand`.
"""

import json
from itertools import permutations

from errors import Refused, Unsupported

# phase's prompts and the shared pending decision each one is
CHOICE_PENDING = {
    "TriggerTargetSelection": "target_trigger",
    "UnlessPayment": "pay_unless",
    "DiscardChoice": "choose_cards",
    "SearchChoice": "choose_cards",
    "DigChoice": "choose_cards",
    "RevealChoice": "choose_cards",
    "ScryChoice": "choose_cards",
    "SurveilChoice": "choose_cards",
    "ChooseFromZoneChoice": "choose_cards",
    "EffectZoneChoice": "choose_cards",
    "CastOffer": "choose_cards",
    "SacrificeChoice": "choose_cards",
    "AbilityModeChoice": "choose_modes",
    "ModeChoice": "choose_modes",
    "ChooseLegend": "keep_legend",
    "ReplacementChoice": "choose_copy",
    "CopyTargetChoice": "choose_copy",
    "RetargetChoice": "choose_new_targets",
    "CopyRetarget": "choose_new_targets",
    # the targets of a spell cast while something resolves (a card cast by
    # Invasion of Alara's trigger, 601.2c, 608.2g): a cast the adapter makes
    # answers its own target prompt within the decision
    "TargetSelection": "choose_new_targets",
}


class Unmapped(Exception):
    """A phase answer with no shared decision (left out of the legal ones)."""


class RealCardDecisions:
    """Choice prompts and real-card priority decisions (see the module's
    docstring)."""

    # ------------------------------------------------------------------
    # choice prompts

    def _choice_pending(self, wf):
        return CHOICE_PENDING.get(wf["type"])

    def _choice_source(self, d):
        """The card whose ability asks (a prompt's source, else the source of
        what resolved last)."""
        for key in ("source_id", "decision_subject_id"):
            c = self.trk.card_of.get(d.get(key))
            if c is not None:
                return c
        kind = d.get("kind") or {}
        face = kind.get("face_policy") or {}
        c = self.trk.card_of.get(face.get("source_id"))
        if c is not None:
            return c
        return self.trk.resolving

    def _choices(self):
        """(shared decision, [(actor, phase action), ...]) for every answer
        phase lists for the current choice prompt."""
        cached = self._cache.get("choices")
        if cached is not None:
            return cached
        wf = self._waiting()
        t = wf["type"]
        d = wf.get("data") or {}
        player = d.get("player")
        out = []

        def add(dec, steps):
            if dec is not None and not any(_same(dec, x) for x, _ in out):
                out.append((dec, steps))

        if t == "OptionalEffectChoice":
            self._optional_choices(d, player, add)
        else:
            pending = self._choice_pending(wf)
            for a in [x.to_dict() for x in self.game.actions()]:
                try:
                    dec = self._choice_decision(pending, t, d, player, a)
                except Unmapped:
                    continue
                add(dec, [(player, a)])
            if t == "ScryChoice":
                self._scry_orders(d, player, add)
        self._cache["choices"] = out
        return out

    def _optional_choices(self, d, player, add):
        """"You may ..." as a triggered ability resolves (or is put on the
        stack): phase asks whether, then which cards; battlecheck's
        vocabulary asks once, with the cards (none: declined, 608.2d)."""
        source = self._choice_source(d)
        decline = (player, {"type": "DecideOptionalEffect", "data": {"accept": False}})
        accept = (player, {"type": "DecideOptionalEffect", "data": {"accept": True}})
        add({"decision": "choose_cards", "player": player, "source": source, "cards": []}, [decline])
        g = self._scratch()
        try:
            g.apply(*accept)
        except ValueError:
            return
        nxt = g.waiting_for()
        nd = nxt.get("data") or {}
        pending = CHOICE_PENDING.get(nxt["type"])
        # a card phase discarded at once (the only one the player could):
        # the choice was that card; what follows is a choice of its own
        discarded = [c for c, oid in enumerate(self.trk.oids)
                     if oid is not None and (self._obj(oid) or {}).get("zone") == "Hand"
                     and ((g.object(oid) or {}).get("zone") == "Graveyard")]
        if discarded:
            add({"decision": "choose_cards", "player": player, "source": source, "cards": discarded}, [accept])
            return
        if pending == "choose_cards" and nxt["type"] in ("DiscardChoice", "CastOffer", "ChooseFromZoneChoice",
                                                         "EffectZoneChoice", "SacrificeChoice"):
            for a in [x.to_dict() for x in g.actions()]:
                try:
                    dec = self._choice_decision(pending, nxt["type"], nd, nd.get("player", player), a, game=g)
                except Unmapped:
                    continue
                if dec["cards"]:
                    dec["player"], dec["source"] = player, source
                    dec.pop("ordered", None)
                    add(dec, [accept, (nd.get("player", player), a)])
            return
        # no card to choose after accepting: what it acts on is the
        # triggering spell ("you may copy that spell")
        subject = None
        for e in reversed(self.game.stack()):
            c = self.trk.card_of.get(((e.get("kind") or {}).get("data") or {}).get("card_id"))
            if c is not None and c != source:
                subject = c
                break
        add({"decision": "choose_cards", "player": player, "source": source,
             "cards": [subject] if subject is not None else [source]}, [accept])

    def _scry_orders(self, d, player, add):
        """Scry (701.22a): phase's `SelectCards` answer is the cards kept on
        top, the first on top, and phase takes any of them in any order, but
        `Game.actions()` lists only some (none, each one alone, all in the
        order seen): the others are added, each an ordered choice of the
        kept cards."""
        oids = list(d.get("cards") or [])
        for n in range(len(oids) + 1):
            for kept in permutations(oids, n):
                try:
                    cards = self._cards_of(kept)
                except Unmapped:
                    continue
                add({"decision": "choose_cards", "player": player, "source": self._choice_source(d),
                     "cards": cards, "ordered": True},
                    [(player, {"type": "SelectCards", "data": {"cards": list(kept)}})])

    def _cards_of(self, oids):
        out = []
        for oid in oids:
            c = self.trk.card_of.get(oid)
            if c is None:
                raise Unmapped(oid)
            out.append(c)
        return out

    def _choice_decision(self, pending, t, d, player, a, game=None):
        game = game or self.game
        kind = a.get("type")
        data = a.get("data") or {}
        if kind == "CancelCast":
            raise Unmapped(kind)
        if pending == "target_trigger":
            if kind != "ChooseTarget":
                raise Unmapped(kind)
            tgt = data.get("target")
            target = None if tgt is None else self._target_of(tgt, game, cards_too=True)
            if tgt is not None and target is None:
                raise Unmapped(tgt)
            return {"decision": "target_trigger", "player": player, "source": self._choice_source(d),
                    "target": target}
        if pending == "pay_unless":
            if "pay" not in data:
                raise Unmapped(kind)
            return {"decision": "pay_unless", "player": player, "source": self._ward_source(d),
                    "pay": bool(data["pay"])}
        if pending == "choose_cards":
            if kind == "SelectCards":
                cards = self._cards_of(data.get("cards") or [])
            elif kind == "FreeCastWindowChoice":
                sel = data.get("selection")
                cards = [] if sel is None else self._cards_of([sel])
            else:
                raise Unmapped(kind)
            dec = {"decision": "choose_cards", "player": player, "source": self._choice_source(d),
                   "cards": cards}
            if t == "ScryChoice":
                dec["ordered"] = True
            return dec
        if pending == "choose_modes":
            if kind != "SelectModes":
                raise Unmapped(kind)
            return {"decision": "choose_modes", "player": player, "source": self._choice_source(d),
                    "modes": list(data.get("indices") or [])}
        if pending == "choose_new_targets":
            slots = d.get("target_slots") or []
            if len(slots) != 1:
                raise Unmapped("several target slots")
            cast = d.get("pending_cast") or {}
            spell = self.trk.card_of.get(cast.get("object_id")) if t == "TargetSelection" \
                else self._copied_spell(d)
            if spell is None:
                raise Unmapped("no spell")
            if kind == "KeepAllCopyTargets":
                tgt = slots[0].get("current")
            elif kind == "ChooseTarget" and data.get("target") is not None:
                tgt = data.get("target")
            else:
                raise Unmapped(kind)
            target = self._target_of(tgt, game, cards_too=True)
            if target is None:
                raise Unmapped(tgt)
            return {"decision": "choose_new_targets", "player": player, "spell": spell, "targets": [target]}
        if pending == "keep_legend":
            if kind != "ChooseLegend":
                raise Unmapped(kind)
            return {"decision": "keep_legend", "player": player, "card": self._cards_of([data.get("keep")])[0]}
        raise Unmapped(kind)

    def _copied_spell(self, d):
        """The spell a copy on phase's stack was made of (the card of the
        resolving spell or ability that copies, else the top spell that is
        a card of the position)."""
        copy_id = d.get("copy_id")
        for e in self.game.stack():
            data = (e.get("kind") or {}).get("data") or {}
            if e.get("id") == copy_id or data.get("card_id") == copy_id:
                c = self.trk.card_of.get(data.get("card_id"))
                if c is not None:
                    return c
        for e in reversed(self.game.stack()):
            c = self.trk.card_of.get(((e.get("kind") or {}).get("data") or {}).get("card_id"))
            if c is not None:
                return c
        return self.trk.resolving

    def _ward_source(self, d):
        for key in ("source_id", "ward_source", "object_id"):
            c = self.trk.card_of.get(d.get(key))
            if c is not None:
                return c
        found = find_key(d, "source_id", self.trk.card_of)
        return self.trk.card_of.get(found) if found is not None else self.trk.resolving

    def _choice_legal(self):
        wf = self._waiting()
        if wf["type"] == "ReplacementChoice":
            return [dec for dec, _ in self._copy_choices()]
        return [dec for dec, _ in self._choices()]

    def _apply_choice(self, dec):
        """Take a choice decision: the phase answer it stands for."""
        wf = self._waiting()
        if wf["type"] == "ReplacementChoice":
            offered = self._copy_choices()
        elif self.pending() != dec.get("decision"):
            # phase's reason is not known: the refusal cites no rule
            raise Refused(f"phase waits for {wf['type']}, not for {dec.get('decision')}")
        else:
            offered = self._choices()
        for want, steps in offered:
            if _same(want, dec):
                for actor, action in steps:
                    self._act(actor, action)
                return
        # phase does not say why it does not offer it: no rule is cited
        raise Refused(f"phase offers no such choice: {json.dumps(dec)} (phase offers "
                      f"{json.dumps([x for x, _ in offered])[:400]})")

    def _copy_choices(self):
        """A clone's "you may have it enter as a copy of ...": phase asks
        first whether the replacement applies, then what to copy. Each
        shared choose_copy decision is that pair of answers (declining: the
        card enters as itself)."""
        cached = self._cache.get("copy_choices")
        if cached is not None:
            return cached
        wf = self._waiting()
        d = wf.get("data") or {}
        player = d.get("player")
        cands = d.get("candidates") or []
        out = []
        src = None
        for cand in cands:
            src = self.trk.card_of.get(cand.get("source_id"), src)
        if src is None:
            raise self._unsupported_prompt(wf)
        for index, cand in enumerate(cands):
            desc = (cand.get("description") or "").lower()
            step = (player, {"type": "ChooseReplacement", "data": {"index": index}})
            if desc == "decline":
                out.append(({"decision": "choose_copy", "player": player, "card": src, "original": src}, [step]))
                continue
            if "copy" not in desc:
                raise self._unsupported_prompt(wf)
            g = self._scratch()
            g.apply(*step)
            nxt = g.waiting_for()
            if nxt["type"] in ("Priority",) or nxt["type"] == wf["type"]:
                continue
            for a in [x.to_dict() for x in g.actions()]:
                data = a.get("data") or {}
                oid = None
                if a.get("type") == "ChooseTarget":
                    oid = (data.get("target") or {}).get("Object")
                elif a.get("type") == "SelectCards" and len(data.get("cards") or []) == 1:
                    oid = data["cards"][0]
                elif a.get("type") == "CancelCast":
                    continue
                c = self.trk.card_of.get(oid)
                if c is None:
                    continue
                dec = {"decision": "choose_copy", "player": player, "card": src, "original": c}
                out.append((dec, [step, (nxt.get("data", {}).get("player", player), a)]))
        self._cache["copy_choices"] = out
        return out

    def _unsupported_prompt(self, wf):
        return Unsupported(f"phase waits for '{wf['type']}', which the phase adapter maps to no decision: "
                           f"{json.dumps(wf)[:400]}")

    # ------------------------------------------------------------------
    # priority decisions of real-card games

    def _ability_index(self, source_oid, number, mana=None):
        """phase's ability index of activated ability `number` of a permanent
        (battlecheck numbers them from 0 in the order of its text, leaving out
        mana abilities and equip), or of its mana ability for `mana`."""
        o = self._obj(source_oid)
        k = 0
        for i, ab in enumerate(o.get("abilities") or []):
            if ab.get("kind") != "Activated":
                continue
            effect = ab.get("effect") or {}
            is_mana = ab.get("is_mana_ability") or effect.get("type") == "Mana"
            if mana is not None:
                if is_mana and _produces(effect, mana):
                    return i
                continue
            if is_mana or _is_equip(ab):
                continue
            if k == number:
                return i
            k += 1
        return None

    def _to_priority(self, p):
        """Give `p` priority as a shared decision does: the players before
        them pass (117.3d)."""
        wf = self._waiting()
        if wf["type"] != "Priority" or wf["data"]["player"] == p:
            return
        for _ in range(self.base.players):
            wf = self._waiting()
            if wf["type"] != "Priority" or wf["data"]["player"] == p:
                break
            before = (self.game.turn, self.turn_step(), self._stack_ids())
            self._act(wf["data"]["player"], {"type": "PassPriority"})
            if (self.game.turn, self.turn_step(), self._stack_ids()) != before:
                raise Refused(f"player {p} cannot get priority without the stack or the step changing", "117.3d")

    def _apply_activate_mana(self, dec):
        p = self._seat(dec.get("player"))
        src = self._card(dec.get("source"), "source")
        mana = dec.get("mana")
        self._to_priority(p)
        idx = self._ability_index(src, 0, mana=mana)
        if idx is None:
            raise Refused(f"illegal by rule 605.1a: card {dec.get('source')} has no mana ability that adds {mana} "
                          f"(phase's card)", "605.1a")
        self._act(p, {"type": "ActivateAbility", "data": {"source_id": src, "ability_index": idx}})
        wf = self._waiting()
        if wf["type"] == "ChooseManaColor":
            for a in self.game.actions():
                ad = a.to_dict()
                if _color_letter(json.dumps(ad.get("data"))) == mana:
                    self._act(p, ad)
                    break

    def _apply_play_land(self, dec):
        p = self._seat(dec.get("player"))
        oid = self._card(dec.get("card"))
        self._to_priority(p)
        wf = self._waiting()
        if dec.get("back_face"):
            info = self.trk.info[dec.get("card")]
            if not (info.mdfc and "land" in (info.back or {}).get("types", [])):
                # phase would play the card's front face (it reads no back
                # face of a card that has none)
                raise Refused(f"illegal by rule 712.12: card {dec.get('card')} is not a modal double-faced "
                              f"card with a land back face", "712.12")
            for a in self.game.actions():
                ad = a.to_dict()
                data = ad.get("data") or {}
                if ad.get("type") == "PlayLand" and data.get("object_id") == oid and data.get("back_face"):
                    self._act(p, ad)
                    return
            self._act(p, {"type": "PlayLand", "data": {"object_id": oid, "card_id": oid, "back_face": True}})
            return
        self._act(p, {"type": "PlayLand", "data": {"object_id": oid, "card_id": oid}})
        return wf

    def _apply_activate(self, dec):
        p = self._seat(dec.get("player"))
        src = self._card(dec.get("source"), "source")
        self._to_priority(p)
        if "crew" in dec:
            # crew (702.122a): phase's CrewVehicle special action, then its
            # prompt for the creatures to tap (phase checks them)
            self._act(p, {"type": "CrewVehicle", "data": {"vehicle_id": src, "creature_ids": []}})
            if self._waiting()["type"] == "CrewVehicle":
                self._act(p, {"type": "CrewVehicle", "data": {
                    "vehicle_id": src, "creature_ids": [self._card(c, "crew creature") for c in dec.get("crew") or []]}})
            return
        idx = self._ability_index(src, dec.get("ability") or 0)
        if idx is None:
            raise Refused(f"card {dec.get('source')} has no activated ability {dec.get('ability') or 0} in phase")
        untapped = self._untapped()
        self._act(p, {"type": "ActivateAbility", "data": {"source_id": src, "ability_index": idx}})
        target = dec.get("target")
        left = self._answer_cost_and_targets(p, [target] if target else [], dec)
        if left and not self._activated_targets(src, left):
            # phase asked for no target: either the ability has none, or
            # phase took its only legal target itself and the named one is
            # not legal; phase gives no reason, so no rule is cited
            top = (self.game.stack() or [None])[-1]
            auto = [] if top is None or top.get("source_id") != src else \
                (((top.get("kind") or {}).get("data") or {}).get("ability") or {}).get("targets") or []
            if auto:
                raise Refused(f"{json.dumps(left[0])} is not a legal target of card "
                              f"{dec.get('source')}'s ability in phase, whose only legal target is "
                              f"{json.dumps([self._target_of(t, self.game) for t in auto])}")
            raise Refused(f"card {dec.get('source')}'s ability {dec.get('ability') or 0} "
                          f"has no target in phase: {json.dumps(left[0])} can't be chosen")
        self._guard_mana(p, untapped, {src} | {self._card(c) for c in dec.get("crew") or []}, dec.get("source"))

    def _activated_targets(self, src, wanted):
        """The top of phase's stack is an ability of `src` that targets
        every one of `wanted` (phase chose them itself, without a prompt)."""
        top = (self.game.stack() or [None])[-1]
        if top is None or top.get("source_id") != src:
            return False
        got = json.dumps(top.get("kind") or {})
        return all(any(json.dumps(t) in got for t in self._phase_target(w, self.game)) for w in wanted)

    def _apply_equip(self, dec):
        p = self._seat(dec.get("player"))
        eq = self._card(dec.get("equipment"), "equipment")
        cr = self._card(dec.get("creature"), "creature")
        self._to_priority(p)
        untapped = self._untapped()
        idx = next((i for i, ab in enumerate(self._obj(eq).get("abilities") or [])
                    if ab.get("kind") == "Activated" and _is_equip(ab)), None)
        if idx is not None:
            # the equip ability itself, as phase lists it (ActivateAbility),
            # so that its cost is paid (602.2b); phase's `Equip` action pays
            # no cost
            self._act(p, {"type": "ActivateAbility", "data": {"source_id": eq, "ability_index": idx}})
            self._answer_cost_and_targets(p, [{"permanent": dec.get("creature")}], dec)
            self._guard_mana(p, untapped, set(), dec.get("equipment"))
            self._check_equip_target(dec, eq, cr)
            return
        self._act(p, {"type": "Equip", "data": {"equipment_id": eq, "target_id": cr}})
        if self._waiting()["type"] == "EquipTarget":
            if cr not in (self._waiting()["data"].get("valid_targets") or []):
                raise Refused(f"card {dec.get('creature')} is not a creature phase lets card "
                              f"{dec.get('equipment')} equip (valid: {self._waiting()['data'].get('valid_targets')})",
                              "702.6a")
            self._act(p, {"type": "Equip", "data": {"equipment_id": eq, "target_id": cr}})
        self._answer_cost_and_targets(p, [{"permanent": dec.get("creature")}], dec)
        self._guard_mana(p, untapped, set(), dec.get("equipment"))
        self._check_equip_target(dec, eq, cr)

    def _check_equip_target(self, dec, eq, cr):
        """The equip ability phase put on the stack must be the one asked
        for: from priority, phase's `Equip` action does not read its
        `target_id` and equips the player's only creature itself (no
        EquipTarget prompt), whichever permanent was named."""
        top = (self.game.stack() or [None])[-1]
        if top is None or top.get("source_id") != eq:
            return
        kind = top.get("kind") or {}
        got = None
        if kind.get("type") == "KeywordAction":
            got = (((kind.get("data") or {}).get("action") or {}).get("data") or {}).get("target_creature_id")
        elif kind.get("type") in ("ActivatedAbility", "Ability"):
            ts = ((kind.get("data") or {}).get("ability") or {}).get("targets") or kind.get("data", {}).get("targets") or []
            got = next((t.get("Object") for t in ts if isinstance(t, dict) and "Object" in t), None)
        if got is not None and got != cr:
            raise Refused(f"card {dec.get('creature')} is not a creature phase lets card "
                          f"{dec.get('equipment')} equip (phase equips card "
                          f"{self.trk.card_of.get(got, got)} instead)")

    def _untapped(self):
        return {o["id"] for o in self.game.battlefield() if not o.get("tapped")}

    def _guard_mana(self, p, untapped, allowed, what):
        """In a position that pays mana, costs are paid from the mana pool
        (601.2h, 602.2b): phase's automatic payment tapping the player's
        mana sources is refused."""
        if not self.base.mana:
            return
        here = {o["id"]: o for o in self.game.battlefield()}
        # tapped, or sacrificed (a Treasure), for mana phase paid itself
        tapped_now = {x for x in untapped if x not in here or here[x].get("tapped")}
        tapped_now -= allowed
        if tapped_now:
            raise Refused(f"illegal by rule 601.2h: the mana in P{p + 1}'s mana pool does not pay the cost of "
                          f"card {what}'s ability (phase would tap "
                          f"{sorted(self.trk.card_of.get(x, x) for x in tapped_now)} for it)", "601.2h")

    def _answer_cost_and_targets(self, p, targets, dec):
        """The prompts that follow an activation: its target, a card to
        discard, creatures to tap for crew."""
        left = list(targets)
        discard = dec.get("discard")
        crew = list(dec.get("crew") or [])
        for _ in range(8):
            wf = self._waiting()
            t = wf["type"]
            if t in ("TargetSelection", "TriggerTargetSelection") and left:
                want = left.pop(0)
                legal = (wf["data"].get("selection") or {}).get("current_legal_targets")
                pick = next((ch for ch in self._phase_target(want, self.game) if legal is None or ch in legal), None)
                if pick is None:
                    raise Refused(f"{json.dumps(want)} is not a legal target in phase (legal: {json.dumps(legal)})", "115.1")
                self._act(p, {"type": "ChooseTarget", "data": {"target": pick}})
            elif t in ("DiscardChoice", "WardDiscardChoice", "PayCost") and discard is not None:
                self._act(p, {"type": "SelectCards", "data": {"cards": [self._card(discard)]}})
                discard = None
            elif t == "PayCost" and (wf.get("data") or {}).get("kind", {}).get("type") == "Discard":
                raise Refused(f"illegal by rule 602.2b: the cost of card {dec.get('source')}'s ability asks for a "
                              f"discard, and the action names no card to discard", "602.2b")
            elif t == "CrewVehicle" and crew:
                self._act(p, {"type": "CrewVehicle", "data": {"vehicle_id": self._card(dec.get("source")),
                                                              "creature_ids": [self._card(c) for c in crew]}})
                crew = []
            else:
                break
        return left

    def _priority_extras(self, holder):
        """The real-card decisions phase lists for the priority holder:
        lands it may play, abilities it may activate, equips; and, in a
        position that pays mana, the mana abilities of its untapped
        permanents (phase lists none: it activates them as it pays)."""
        out = []
        if self.base.mana:
            for c, oid in enumerate(self.trk.oids):
                o = self._obj(oid) if oid is not None else {}
                if o.get("zone") != "Battlefield" or o.get("controller") != holder or o.get("tapped"):
                    continue
                for ab in o.get("abilities") or []:
                    effect = ab.get("effect") or {}
                    if ab.get("kind") == "Activated" and (ab.get("is_mana_ability") or effect.get("type") == "Mana"):
                        for letter in "WUBRGC":
                            if _produces(effect, letter):
                                d = {"decision": "activate_mana", "player": holder, "source": c, "mana": letter}
                                if d not in out:
                                    out.append(d)
        card_of = self.trk.card_of
        for a in self.game.actions():
            kind = a.kind
            data = a.data or {}
            if kind == "PlayLand":
                c = card_of.get(data.get("object_id"))
                if c is not None:
                    d = {"decision": "play_land", "player": holder, "card": c}
                    if data.get("back_face"):
                        d["back_face"] = True
                    out.append(d)
            elif kind == "Equip":
                eq, cr = card_of.get(data.get("equipment_id")), card_of.get(data.get("target_id"))
                if eq is not None and cr is not None:
                    d = {"decision": "equip", "player": holder, "equipment": eq, "creature": cr}
                    if d not in out:
                        out.append(d)
            elif kind == "CrewVehicle" and data.get("vehicle_id") in card_of:
                for crew in self._crews(holder, data):
                    d = {"decision": "activate", "player": holder, "source": card_of[data["vehicle_id"]],
                         "crew": crew}
                    if d not in out:
                        out.append(d)
            elif kind == "ActivateAbility" and data.get("source_id") in card_of:
                abilities = self._obj(data["source_id"]).get("abilities") or []
                i = data.get("ability_index")
                if isinstance(i, int) and i < len(abilities) and _is_equip(abilities[i]):
                    for cr in self._equip_targets(holder, data):
                        d = {"decision": "equip", "player": holder,
                             "equipment": card_of[data["source_id"]], "creature": cr}
                        if d not in out:
                            out.append(d)
        return out

    def _crews(self, holder, action):
        """Every set of creatures phase's crew prompt lets crew the Vehicle
        (702.122a: untapped creatures of total power at least N), in card
        order: read from the prompt on a scratch copy."""
        scratch = self._scratch()
        try:
            scratch.apply(holder, {"type": "CrewVehicle", "data": action})
        except ValueError:
            return []
        wf = scratch.waiting_for()
        if wf["type"] != "CrewVehicle":
            return []
        d = wf["data"]
        power = dict(zip(d.get("eligible_creatures") or [], d.get("contributions") or []))
        cards = sorted((self.trk.card_of[oid], oid) for oid in power if oid in self.trk.card_of)[:12]
        out = []
        for mask in range(1, 1 << len(cards)):
            chosen = [cards[i] for i in range(len(cards)) if mask >> i & 1]
            if sum(power[oid] for _, oid in chosen) >= (d.get("crew_power") or 0):
                out.append([c for c, _ in chosen])
        return out

    def _equip_targets(self, holder, action):
        """The creatures phase's equip ability (an ActivateAbility) may
        target, read from its target prompt on a scratch copy."""
        scratch = self._scratch()
        try:
            scratch.apply(holder, {"type": "ActivateAbility", "data": action})
        except ValueError:
            return []
        wf = scratch.waiting_for()
        out = []
        if wf["type"] == "TargetSelection":
            slots = wf["data"].get("target_slots", [])
            for t in (slots[0].get("legal_targets", []) if slots else []):
                c = self.trk.card_of.get((t or {}).get("Object")) if isinstance(t, dict) else None
                if c is not None:
                    out.append(c)
        else:
            # phase chose the only legal target itself
            top = (scratch.stack() or [None])[-1]
            if top is not None and top.get("source_id") == action.get("source_id"):
                got = json.dumps(top.get("kind") or {})
                for oid, c in self.trk.card_of.items():
                    if json.dumps({"Object": oid}) in got:
                        out.append(c)
        return out


def _same(want, dec):
    """Two shared decisions are the same (cards as a multiset unless
    ordered)."""
    a, b = dict(want), dict(dec)
    if a.get("decision") == "choose_cards" and not a.get("ordered") and not b.get("ordered"):
        a["cards"] = sorted(a.get("cards") or [])
        b["cards"] = sorted(b.get("cards") or [])
    a.pop("ordered", None)
    b.pop("ordered", None)
    if a.get("decision") == "choose_modes":
        a["modes"] = sorted(a.get("modes") or [])
        b["modes"] = sorted(b.get("modes") or [])
    if a.get("decision") == "target_trigger":
        a.setdefault("target", None)
        b.setdefault("target", None)
    return a == b


def find_key(d, key, wanted):
    """The first int under `key`, anywhere in d (depth first), that is in `wanted`."""
    if isinstance(d, dict):
        v = d.get(key)
        if isinstance(v, int) and v in wanted:
            return v
        for x in d.values():
            r = find_key(x, key, wanted)
            if r is not None:
                return r
    elif isinstance(d, list):
        for x in d:
            r = find_key(x, key, wanted)
            if r is not None:
                return r
    return None


_COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}


def _color_letter(text):
    for letter, name in _COLOR_NAMES.items():
        if name in text:
            return letter
    return None


def _produces(effect, mana):
    produced = effect.get("produced") or {}
    text = json.dumps(produced)
    name = _COLOR_NAMES.get(mana, "")
    if mana == "C":
        return "Colorless" in text
    return name in text or ("Any" in (produced.get("type") or "") and not produced.get("color_options")) \
        or name in json.dumps(produced.get("color_options") or [])


def _is_equip(ab):
    effect = ab.get("effect") or {}
    return effect.get("type") == "Attach" and "Equip" in json.dumps(ab.get("description") or "Equip")


