"""F16: "Target A becomes a copy of target B" does nothing when the first
target is not also a B.

Rule 608.2b (cr-2026-02-27.txt): "If the spell or ability specifies targets,
it checks whether the targets are still legal. [...] If all its targets, for
every instance of the word "target," are now illegal, the spell or ability
doesn't resolve. [...] Otherwise, the spell or ability will resolve
normally. Illegal targets, if any, won't be affected by parts of a resolving
spell's effect for which they're illegal. [...]"
Rule 109.2: "If a spell or ability uses a description of an object that
includes a card type or subtype, but doesn't refer to a specific zone or
include the word "card," "spell," "source," or "scheme," it means a
permanent of that card type or subtype on the battlefield."
Rule 707.2: "When copying an object, the copy acquires the copiable values
of the original object's characteristics [...]"

Play (2 players, from a new game), with real cards: P1 plays an Island on
turns 1, 3 and 5, then casts Firdoch Core ({3} Kindred Artifact —
Shapeshifter: "Changeling (This card is every creature type.) {T}: Add one
mana of any color. {4}: This artifact becomes a 4/4 artifact creature until
end of turn."), Hill Giant and Shapesharer ("Changeling (This card is every
creature type.) {2}{U}: Target Shapeshifter becomes a copy of target
creature until your next turn."), and activates Shapesharer's ability
(paying {2}{U} with the Islands) targeting Firdoch Core (a Shapeshifter
permanent, 109.2) and Hill Giant (a creature); both pass.
Rules: both targets are still legal, so the ability resolves and Firdoch
Core becomes a copy of Hill Giant (a 3/3 creature) until P1's next turn.
phase: the ability resolves with no effect (no EffectResolved event):
Firdoch Core stays a Kindred Artifact — Shapeshifter. phase acts as if it
checked the first target (the one that becomes the copy) against the second
target's description, "creature": the copy is made only when the first
target is also a creature (with the same play, "Target permanent becomes a
copy of target creature." leaves a battle unchanged and turns Grizzly Bears
into the copy).
Control (same script): the same activation targeting Shapesharer itself (a
Shapeshifter that is also a creature) and Hill Giant makes Shapesharer a
copy of Hill Giant.
(battlecheck's test card Become the Siege, "Target permanent becomes a copy
of target Siege.", meets the same defect: a creature does not become a copy
of the Siege; findings/f16-*.json.)
"""
from phasekit import HILL_GIANT, Table, face, run, verdict

FIRDOCH_CORE = [face("Firdoch Core", ["Kindred", "Artifact"], subtypes=["Shapeshifter"], keywords=["Changeling"],
                     text=("Changeling (This card is every creature type.)\n{T}: Add one mana of any color.\n"
                           "{4}: This artifact becomes a 4/4 artifact creature until end of turn."))]
# {1}{U} (cost {0} here, as every card; the ability keeps its {2}{U})
SHAPESHARER = [face("Shapesharer", ["Creature"], subtypes=["Shapeshifter"], power=1, toughness=1,
                    keywords=["Changeling"],
                    text=("Changeling (This card is every creature type.)\n"
                          "{2}{U}: Target Shapeshifter becomes a copy of target creature until your next turn."))]
ISLAND = [dict(face("Island", ["Land"], subtypes=["Island"], text="({T}: Add {U}.)", cost=None),
               supertypes=["Basic"])]
# phase groups a deck by name; with seed 1 this order puts four Islands, Firdoch Core, Hill Giant and
# Shapesharer in P1's opening hand
DECK = ["Island"] * 24 + ["Firdoch Core"] * 4 + ["Hill Giant"] * 9 + ["Shapesharer"] * 3


def play(first):
    """Shapesharer's ability targets `first` and Hill Giant. Returns (what
    `first` is afterwards: name and types, whether phase reported a copy
    effect resolving)."""
    t = Table([FIRDOCH_CORE, SHAPESHARER, ISLAND, HILL_GIANT], [DECK, ["Hill Giant"] * 40],
              need={0: ["Island", "Firdoch Core", "Hill Giant", "Shapesharer"]})
    for turn in (1, 3, 5):
        t.pass_until("PreCombatMain", turn)
        island = t.card("Island", 0, "hand")
        t.do(0, "PlayLand", object_id=island, card_id=t.obj(island)["card_id"])
    ids = {n: t.card(n, 0, "hand") for n in ("Firdoch Core", "Hill Giant", "Shapesharer")}
    for c in ids.values():
        t.cast(0, c)
        t.resolve()
    target = ids[first]
    t.do(0, "ActivateAbility", source_id=ids["Shapesharer"], ability_index=0)
    for x in (target, ids["Hill Giant"]):
        if t.prompt == "TargetSelection":
            t.do(0, "ChooseTarget", target={"Object": x})
    got = t.g.stack()[-1]["kind"]["data"]["ability"]["targets"]
    assert got == [{"Object": target}, {"Object": ids["Hill Giant"]}], f"the ability targets {got}"
    n = len(t.events)
    t.resolve()
    resolved = any(e["type"] == "EffectResolved" and (e.get("data") or {}).get("kind") == "BecomeCopy"
                   for e in t.events[n:])
    o = t.obj(target)
    return o["name"], o["card_types"]["core_types"], o["card_types"]["subtypes"], resolved


def main():
    control = play("Shapesharer")
    assert control[0] == "Hill Giant" and control[3], f"control: Shapesharer is {control}"
    name, types, subtypes, resolved = play("Firdoch Core")
    verdict(name == "Firdoch Core" and not resolved,
            f"Shapesharer's ability targeting Firdoch Core and Hill Giant resolves with no effect: Firdoch Core "
            f"stays a {' '.join(types)} — {' '.join(subtypes)} (copy effect resolved: {resolved}); targeting "
            f"Shapesharer itself (a Shapeshifter creature) and Hill Giant, it becomes a copy of Hill Giant",
            f"Firdoch Core became a copy of Hill Giant ({name}, {'/'.join(types)})")


run(main)
