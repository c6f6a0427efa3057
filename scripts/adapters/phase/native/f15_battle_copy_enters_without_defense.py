"""F15: a permanent that enters as a copy of a battle gets no defense
counters, so state-based actions put it into the graveyard at once.

Rule 310.4b (cr-2026-02-27.txt): "A battle has the intrinsic ability "This
permanent enters with a number of defense counters on it equal to its
printed defense number." This ability creates a replacement effect (see
rule 614.1c)."
Rule 707.5: "An object that enters the battlefield "as a copy" or "that's a
copy" of another object becomes a copy as it enters the battlefield. It
doesn't enter the battlefield, and then become a copy of that permanent. If
the text that's being copied includes any abilities that replace the
enters-the-battlefield event (such as "enters with" or "as [this] enters"
abilities), those abilities will take effect. [...]"
Official ruling on the March of the Machine battles (e.g. Invasion of
Gobakhan, /work/shared/rules/seeds/001_*): "If another permanent enters the
battlefield as a copy of a battle, it also enters with that number of
defense counters."

Play (2 players, from a new game), with two real cards:
  * token: P1 casts Pool Siege 3 (defense 3, protector P2), then Flash
    Photography ("Create a token that's a copy of target permanent.")
    targeting it;
  * clone: P1 casts Pool Siege 3, then Clever Impersonator ("You may have
    this creature enter as a copy of any nonland permanent on the
    battlefield."), choosing to copy the Siege.
Rules: the token, and the Impersonator, enter as copies of Pool Siege 3 with
3 defense counters and a protector (P2), and stay on the battlefield.
phase: each copy enters with no defense counters (no CounterAdded event;
the protector is chosen), and state-based actions put it into the graveyard
(704.5v's defense 0) before anyone gets priority.
Control (same script): Pool Siege 3 itself, cast from the hand, enters with
its 3 defense counters.
"""
from phasekit import Table, face, run, siege, verdict

SIEGE = siege("Pool Siege 3", 3, "Pool Siege 3 Reborn")
# Flash Photography {2}{U}{U}, sorcery (cost {0} here, as every card)
FLASH_PHOTOGRAPHY = [face("Flash Photography", ["Sorcery"], text=(
    "You may cast this spell as though it had flash if it targets a permanent you control.\n"
    "Create a token that's a copy of target permanent.\n"
    "Flashback {4}{U}{U}"))]
# Clever Impersonator {2}{U}{U}, Creature — Shapeshifter 0/0
CLEVER_IMPERSONATOR = [face("Clever Impersonator", ["Creature"], subtypes=["Shapeshifter"], power=0,
                            toughness=0, text=("You may have this creature enter as a copy of any nonland "
                                               "permanent on the battlefield."))]


def play(copier):
    """P1 casts Pool Siege 3, then `copier`, copying the Siege. Returns (the
    Siege's defense counters, the copy's id, its zone, the defense counters
    added to it, whether it was a battle on the battlefield)."""
    deck = ["Pool Siege 3"] * 20 + [copier] * 20
    t = Table([SIEGE, FLASH_PHOTOGRAPHY, CLEVER_IMPERSONATOR], [deck, ["Pool Siege 3"] * 40],
              need={0: ["Pool Siege 3", copier]})
    t.pass_until("PreCombatMain", 1)
    s = t.card("Pool Siege 3", 0, "hand")
    t.cast(0, s)
    t.resolve()
    t.choose_protector(1)
    siege_defense = t.obj(s)["counters"].get("defense")
    c = t.card(copier, 0, "hand")
    start = len(t.events)
    t.cast(0, c, s if copier == "Flash Photography" else None)
    t.resolve()
    for _ in range(6):
        p = t.prompt
        if p == "ReplacementChoice":       # "You may have this creature enter as a copy ...": yes
            cands = t.wf["data"]["candidates"]
            t.do(0, "ChooseReplacement", index=next(i for i, x in enumerate(cands)
                                                      if x["description"] != "Decline"))
        elif p == "CopyTargetChoice":      # what it copies: the Siege
            assert s in t.wf["data"]["valid_targets"], t.where()
            t.do(0, "ChooseTarget", target={"Object": s})
        elif p == "NamedChoice":           # the copy's protector (310.12a)
            t.choose_protector(1)
        else:
            break
    assert t.prompt == "Priority", t.where()
    ev = t.events[start:]
    made = [e["data"]["object_id"] for e in ev if e["type"] == "TokenCreated"]
    copy = made[0] if made else c
    zc = [e["data"] for e in ev if e["type"] == "ZoneChanged" and e["data"]["object_id"] == copy]
    # it entered the battlefield, and was a battle there (the clone's record as it moved from the stack
    # still shows the creature card; the one as it left, the Siege it copied)
    entered = (any(d["to"] == "Battlefield" for d in zc)
               and any("Battle" in d["record"]["core_types"] and "Battlefield" in (d["from"], d["to"]) for d in zc))
    added = sum(e["data"]["count"] for e in ev if e["type"] == "CounterAdded"
                and e["data"]["object_id"] == copy and e["data"]["counter_type"] == "defense")
    # the zone it was last moved to (a token that left the battlefield has ceased to exist: 704.5d)
    return siege_defense, copy, zc[-1]["to"], added, entered


def main():
    results = {}
    for copier in ("Flash Photography", "Clever Impersonator"):
        siege_defense, copy, zone, added, entered = play(copier)
        assert siege_defense == 3, f"control: Pool Siege 3 entered with {siege_defense} defense counters"
        assert entered, f"{copier}: no copy of the Siege entered the battlefield"
        results[copier] = (zone, added)
    bad = {k: v for k, v in results.items() if v[1] == 0 and v[0] != "Battlefield"}
    verdict(len(bad) == 2,
            "; ".join(f"{k}'s copy of Pool Siege 3 entered as a battle with {a} defense counters and is in "
                      f"the {z}" for k, (z, a) in results.items())
            + " (Pool Siege 3 itself entered with 3)",
            "; ".join(f"{k}'s copy: {a} defense counters, {z}" for k, (z, a) in results.items()))


run(main)
