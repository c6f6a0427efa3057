"""F25: a battle that is also a creature may attack and may block.

Rule 508.1a (cr-2026-02-27.txt): "The active player chooses which creatures
that they control, if any, will attack. The chosen creatures must be
untapped, they can't also be battles, and each one must either have haste or
have been controlled by the active player continuously since the turn
began."
Rule 509.1a: "The defending player chooses which creatures they control, if
any, will block. The chosen creatures must be untapped and they can't also
be battles. [...]" (the same text in cr-2026-09-25-battles.md).

Play (2 players, from a new game), with real cards: P1 casts Mycosynth
Lattice ("All permanents are artifacts in addition to their other types.
[...]"), Invasion of Kylem (protector P2), Ensoul Artifact ("Enchant
artifact / Enchanted artifact is a creature with base power and toughness
5/5 in addition to its other types.") on it, and Grizzly Bears. On turn 2
P2 casts its own Invasion of Kylem (protector P1) and Ensoul Artifact on
it. Each Siege is now a 5/5 artifact creature battle. On turn 3 P1 declares
the Siege and the Bears as attackers against P2, and P2 declares its Siege
as the Bears' blocker.
Rules: neither Siege can be chosen: P1's Siege can't attack (508.1a) and
P2's can't block (509.1a); P1 may attack with the Bears alone and P2 may
not block.
phase: the DeclareAttackers prompt lists P1's Siege among the valid
attackers and accepts it (it deals 5 combat damage to P2); the
DeclareBlockers prompt lists P2's Siege as a valid blocker and accepts it
(it blocks and kills the Bears).
Control (same game): the Bears, a creature that is not a battle, attack.
"""
from phasekit import BEARS, Table, face, run, verdict
from realcards import ENSOUL_ARTIFACT, INVASION_OF_KYLEM

# Mycosynth Lattice {6}, Ensoul Artifact {1}{U}
MYCOSYNTH_LATTICE = [face("Mycosynth Lattice", ["Artifact"],
                          text=("All permanents are artifacts in addition to their other types.\nAll cards that aren't "
                                "on the battlefield, spells, and permanents are colorless.\nPlayers may spend mana as "
                                "though it were mana of any color."))]
DECK1 = ["Mycosynth Lattice"] * 10 + ["Invasion of Kylem"] * 10 + ["Ensoul Artifact"] * 10 + ["Grizzly Bears"] * 10
DECK2 = ["Invasion of Kylem"] * 20 + ["Ensoul Artifact"] * 20


def main():
    t = Table([INVASION_OF_KYLEM, MYCOSYNTH_LATTICE, ENSOUL_ARTIFACT, BEARS], [DECK1, DECK2],
              need={0: ["Mycosynth Lattice", "Invasion of Kylem", "Ensoul Artifact", "Grizzly Bears"],
                    1: ["Invasion of Kylem", "Ensoul Artifact"]})

    t.pass_until("PreCombatMain", 1)
    t.cast(0, t.card("Mycosynth Lattice", 0, "hand"))
    t.settle(lambda seat: 1 - seat, no_trigger_targets=True, cast_transformed=False, limit=20)
    mine = t.card("Invasion of Kylem", 0, "hand")
    t.cast(0, mine)
    t.settle(lambda seat: 1 - seat, no_trigger_targets=True, cast_transformed=False, limit=20)
    t.cast(0, t.card("Ensoul Artifact", 0, "hand"), mine)
    t.settle(lambda seat: 1 - seat, no_trigger_targets=True, cast_transformed=False, limit=20)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.settle(lambda seat: 1 - seat, no_trigger_targets=True, cast_transformed=False, limit=20)
    t.pass_until("PreCombatMain", 2)
    theirs = t.card("Invasion of Kylem", 1, "hand")
    t.cast(1, theirs)
    t.settle(lambda seat: 1 - seat, no_trigger_targets=True, cast_transformed=False, limit=20)
    t.cast(1, t.card("Ensoul Artifact", 1, "hand"), theirs)
    t.settle(lambda seat: 1 - seat, no_trigger_targets=True, cast_transformed=False, limit=20)
    for oid in (mine, theirs):
        o = t.obj(oid)
        types = o["card_types"]["core_types"]
        assert {"Battle", "Creature"} <= set(types) and o["zone"] == "Battlefield", \
            f"{oid}: {types} {o['zone']} (should be a creature battle on the battlefield)"
    t.until_prompt("DeclareAttackers")
    assert t.g.turn == 3 and t.actor == 0, t.where()
    listed_attackers = t.wf["data"]["valid_attacker_ids"]
    assert bears in listed_attackers, f"control: the Bears are not a valid attacker ({listed_attackers})"
    try:
        t.attack(0, [(mine, ("player", 1)), (bears, ("player", 1))])
        attacked = True
    except ValueError as e:
        attacked, why_a = False, str(e)
    if not attacked:
        t.attack(0, [(bears, ("player", 1))])
    attackers = [a["object_id"] for a in t.combat().get("attackers", [])]
    assert bears in attackers, f"control: the Bears are not attacking ({attackers})"
    t.until_prompt("DeclareBlockers")
    listed_blockers = t.wf["data"]["valid_blocker_ids"]
    try:
        t.do(1, "DeclareBlockers", assignments=[[theirs, bears]])
        blocked = True
    except ValueError as e:
        blocked, why_b = False, str(e)
    blockers = t.combat().get("blocker_to_attacker", {})
    life_before = t.state()["players"][1]["life"]
    t.pass_until("PostCombatMain", 3)
    life = t.state()["players"][1]["life"]
    verdict(attacked or blocked,
            f"phase listed P1's Invasion of Kylem, a 5/5 creature battle, among the valid attackers "
            f"({listed_attackers}) and accepted it attacking P2 (attackers {attackers}; P2's life {life_before} -> "
            f"{life}); it listed P2's Invasion of Kylem, also a creature battle, as a valid blocker "
            f"({listed_blockers}) and accepted it blocking the Bears (blockers {blockers}; the Bears are in the "
            f"{t.obj(bears)['zone']}); the Bears (control) attack as any creature",
            f"P1's Siege was refused as an attacker ({why_a if not attacked else ''}) and P2's as a blocker "
            f"({why_b if not blocked else ''})")


run(main)
