"""F12: combat damage reaches the new object an attacked battle became.

Rule 506.4 (cr-2026-09-25-battles.md): "A permanent is removed from combat if
it leaves the battlefield, [...] A planeswalker or battle that's removed from
combat stops being attacked."
Rule 400.7 (cr-2026-02-27.txt): "An object that moves from one zone to
another becomes a new object with no memory of, or relation to, its previous
existence."
Rule 506.4c: "If a creature is attacking a planeswalker or battle, removing
that planeswalker or battle from combat doesn't remove that creature from
combat. It continues to be an attacking creature, although it is not
attacking any player, planeswalker, or battle. It may be blocked. If it is
unblocked, it will deal no combat damage."

Play (2 players, from a new game): P1 casts Pool Siege 4 (defense 4,
protector P2) and Grizzly Bears on turn 1. On turn 3 the Bears attack the
Siege; P1 casts Pool Flicker ("Exile target permanent you control, then
return that card to the battlefield under its owner's control.") on it. The
Siege returns, a new object (phase bumps its `incarnation`), with 4 defense
counters and a protector chosen again. Nobody blocks.
Rules: the old Siege left combat; the Bears attack nothing and deal no
combat damage; the new Siege keeps 4 defense counters.
phase: `combat.attackers` still names the card's object id as the Bears'
attack target, and the Bears remove 2 defense counters from the new Siege.
(This route casts nothing transformed, so it does not go through F3; the
adapter's scenario reaches the same defect through a Siege defeated and cast
transformed, whose back face takes the damage.)
"""
from phasekit import BEARS, Table, instant, run, siege, verdict

SIEGE = siege("Pool Siege 4", 4, "Pool Siege 4 Reborn")
FLICKER = instant("Pool Flicker", "Exile target permanent you control, then return that card to the "
                                  "battlefield under its owner's control.")


def main():
    t = Table([SIEGE, BEARS, FLICKER],
              [["Pool Siege 4"] * 14 + ["Grizzly Bears"] * 13 + ["Pool Flicker"] * 13, ["Grizzly Bears"] * 40],
              need={0: ["Pool Siege 4", "Grizzly Bears", "Pool Flicker"]})
    t.pass_until("PreCombatMain", 1)
    s = t.card("Pool Siege 4", 0, "hand")
    t.cast(0, s)
    t.resolve()
    t.choose_protector(1)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(bears, s)])
    old = t.obj(s)["incarnation"]
    t.cast(0, t.card("Pool Flicker", 0, "hand"), s)
    t.resolve()
    t.choose_protector(1)            # the returned Siege is a new object: a new protector
    o = t.obj(s)
    assert o["zone"] == "Battlefield" and o["incarnation"] != old and o["counters"] == {"defense": 4}, o["zone"]
    target = [a["attack_target"] for a in t.combat()["attackers"] if a["object_id"] == bears]
    start = len(t.events)
    t.pass_until("EndCombat")
    hits = [e["data"]["amount"] for e in t.events[start:] if e["type"] == "DamageDealt"
            and e["data"]["source_id"] == bears and e["data"]["target"] == {"Object": s}]
    verdict(hits,
            f"the Bears' attack target stays {target} after the Siege left and returned as a new object "
            f"(incarnation {old} -> {o['incarnation']}); they deal it {sum(hits)} combat damage, "
            f"defense 4 -> {t.obj(s)['counters'].get('defense')}",
            f"the Bears dealt the returned Siege no combat damage (attack target {target})")


run(main)
