"""F14: no priority in the first-strike combat damage step when nothing triggers.

Rule 510.4 (cr-2026-02-27.txt): "If at least one attacking or blocking
creature has first strike (see rule 702.7) or double strike (see rule 702.4)
as the combat damage step begins, the only creatures that assign combat
damage in that step are those with first strike or double strike. After that
step, instead of proceeding to the end of combat step, the phase gets a
second combat damage step. [...]"
Rule 510.3: "Third, the active player gets priority. (See rule 117, "Timing
and Priority.")"

Play (2 players, from a new game): P1 casts Pool Striker (2/1 first strike)
and Grizzly Bears on turn 1; on turn 3 both attack P2, who has no creatures.
Nothing triggers. All players pass.
Rules: in the first combat damage step the Striker deals 2 damage (P2 at 18)
and P1 gets priority (then P2), before the second step, where the Bears deal
theirs.
phase: from the declare blockers step, one pass takes the game to the end of
regular damage (its combat state goes from neither first_strike_done nor
regular_damage_done to both; P2 at 16); the first priority in CombatDamage is
after both. phase-rs/phase PR #2165 (closing #692) opened the window only for
the case where first-strike damage puts a triggered ability on the stack.
Control (same script): when the Striker's first-strike damage defeats a
Siege, whose defeat trigger goes on the stack, phase does give priority
between the two steps (battlecheck's agrees/ scenario); the script checks
that too, so the detection of a window is itself tested.
"""
from phasekit import BEARS, STRIKER, Table, run, siege, verdict

SIEGE = siege("Pool Siege 2", 2, "Pool Siege 2 Reborn")


def windows(siege_target):
    """Plays the attack; returns the priority windows in phase's CombatDamage
    as (first_strike_done, regular_damage_done)."""
    deck = ["Pool Striker"] * 14 + ["Grizzly Bears"] * 13 + ["Pool Siege 2"] * 13
    t = Table([STRIKER, BEARS, SIEGE], [deck, ["Grizzly Bears"] * 40],
              need={0: ["Pool Striker", "Grizzly Bears", "Pool Siege 2"]})
    t.pass_until("PreCombatMain", 1)
    striker, bears, s = (t.card(n, 0, "hand") for n in ("Pool Striker", "Grizzly Bears", "Pool Siege 2"))
    for c in (striker, bears) + ((s,) if siege_target else ()):
        t.cast(0, c)
        t.resolve()
        if t.prompt == "NamedChoice":
            t.choose_protector(1)
    t.until_prompt("DeclareAttackers")
    target = s if siege_target else ("player", 1)
    t.attack(0, [(striker, target), (bears, target)])
    seen = []
    while t.g.phase != "EndCombat":
        if t.g.phase == "CombatDamage" and t.prompt == "Priority":
            c = t.combat()
            seen.append((c.get("first_strike_done"), c.get("regular_damage_done")))
        if t.prompt == "OptionalEffectChoice":
            t.do(0, "DecideOptionalEffect", accept=False)
        else:
            t.pass_()
    return seen, t.g.player(1)["life"]


def main():
    control, _ = windows(siege_target=True)
    assert (True, False) in control, f"control: no window even with a defeat trigger: {control}"
    seen, life = windows(siege_target=False)
    verdict((True, False) not in seen,
            f"no priority between first-strike and regular damage with nothing on the stack: priority in "
            f"CombatDamage only at (first_strike_done, regular_damage_done) {seen} (P2 at {life}); with a "
            f"defeat trigger there is a window at (True, False)",
            f"P1 got priority after first-strike damage: {seen}")


run(main)
