"""F30: the equip ability of an Equipment that is also a creature attaches it
to the target creature as it resolves; a state-based action then unattaches
it, but the creature keeps the Equipment's bonus for the rest of the turn.

Rule 301.5c (cr-2026-02-27.txt): "An Equipment that's also a creature can't
equip a creature unless that Equipment has reconfigure (see rule 702.151,
"Reconfigure"). [...] An Equipment that equips an illegal or nonexistent
permanent becomes unattached from that permanent but remains on the
battlefield. (This is a state-based action. See rule 704.) [...]"
Rule 701.3a: "[...] An Aura, Equipment, or Fortification can't be attached
to an object or player it couldn't enchant, equip, or fortify,
respectively."
Rule 701.3b: "If an effect tries to attach an Aura, Equipment, or
Fortification to an object or player it can't be attached to, the Aura,
Equipment, or Fortification doesn't move. [...]"

Play (2 players, from a new game), with real cards: P1 casts Shuko
("Equipped creature gets +1/+0. / Equip {0}"), Grizzly Bears, and Ensoul
Artifact ("Enchant artifact / Enchanted artifact is a creature with base
power and toughness 5/5 in addition to its other types.") on Shuko, which
is now a 5/5 artifact creature Equipment without reconfigure. P1 activates
Shuko's equip ability targeting the Bears (a legal target: "target creature
you control", 702.6a) and it resolves.
Rules: Shuko can't equip the Bears: it doesn't move (701.3b), and the Bears
stay 2/2.
phase: the ability attaches Shuko (its Attach resolves), the state-based
actions unattach it (an `Unattached` event), and when P1 next holds
priority the Bears are 3/2 with nothing attached; they are still 3/2 in
the beginning of combat step.
Control (a second game): Shuko equips the Bears before it is animated: the
Bears are 3/2 with Shuko attached.
"""
from phasekit import BEARS, Table, face, run, verdict
from realcards import ENSOUL_ARTIFACT

# Shuko {1}, Ensoul Artifact {1}{U} (cost {0} here, as every card; Shuko's equip cost is its own, {0})
SHUKO = [face("Shuko", ["Artifact"], subtypes=["Equipment"], keywords=["Equip"],
              text="Equipped creature gets +1/+0.\nEquip {0}")]
DECK = ["Shuko"] * 11 + ["Ensoul Artifact"] * 8 + ["Grizzly Bears"] * 21


def play(animate):
    """Returns (the equip ability's legal targets, the events of its
    resolution, what Shuko is attached to, the Bears' power and what is
    attached to them) when P1 next holds priority."""
    t = Table([SHUKO, ENSOUL_ARTIFACT, BEARS], [DECK, ["Grizzly Bears"] * 40],
              need={0: ["Shuko", "Ensoul Artifact", "Grizzly Bears"]})
    t.pass_until("PreCombatMain", 1)
    shuko = t.card("Shuko", 0, "hand")
    t.cast(0, shuko)
    t.resolve()
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    if animate:
        t.cast(0, t.card("Ensoul Artifact", 0, "hand"), shuko)
        t.resolve()
        assert "Creature" in t.obj(shuko)["card_types"]["core_types"], "Shuko is not a creature"
    t.do(0, "ActivateAbility", source_id=shuko, ability_index=0)
    legal = []
    if t.prompt == "TargetSelection":
        legal = [x.get("Object") for x in t.wf["data"]["target_slots"][0]["legal_targets"]]
        t.do(0, "ChooseTarget", target={"Object": bears})
    n = len(t.events)
    t.resolve()
    assert t.prompt == "Priority" and t.actor == 0 and not t.g.stack(), t.where()
    events = [e["type"] for e in t.events[n:] if e["type"] in ("EffectResolved", "Unattached", "Attached")]
    b = t.obj(bears)
    out = legal, events, t.obj(shuko).get("attached_to"), b.get("power"), b.get("attachments") or []
    t.pass_until("BeginCombat", 1)
    return out + (t.obj(bears).get("power"),)


def main():
    _, _, on, power, attached, _ = play(False)
    assert on is not None and power == 3, f"control: Shuko attached to {on}, the Bears' power {power}"
    legal, events, on, power, attached, later = play(True)
    verdict(power != 2 or on is not None,
            f"Shuko, a 5/5 creature Equipment, offered the targets {legal} (itself and the Bears); its equip ability "
            f"resolved with the events {events} (attached, then unattached by the state-based actions); with P1 "
            f"holding priority Shuko is attached to {on}, and the Bears have power {power} with {attached} attached "
            f"(power {later} in the beginning of combat step; the control: Shuko not animated equips them, power 3)",
            f"Shuko stayed unattached (events {events}); the Bears have power {power}")


run(main)
