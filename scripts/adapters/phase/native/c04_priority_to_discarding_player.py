"""C4 (candidate, unconfirmed): after a triggered ability resolves in which
an opponent chose the cards to discard, phase gives priority to that
opponent, not to the active player.

A candidate, not a finding: the triage is not done (FINDINGS.md,
"Candidates"), so findings/ has no scenario for it and native/run.py does
not run it. The adapter scenario that meets it is engine/scenarios/
b35-leaving-while-another-player-chooses-cards.json (step 7).

Rule 117.3b (cr-2026-02-27.txt): "The active player receives priority
after a spell or ability (other than a mana ability) resolves."

Play (2 players, from a new game): on turn 1 P1 casts Pool Siege Discard
(a Siege: "When this Siege enters, target opponent discards two cards."),
protector P2; its trigger targets P2; both pass; P2, holding seven cards,
chooses two to discard (phase's DiscardChoice prompt).
Rules: the ability has resolved, so P1, the active player, receives
priority.
phase: P2 receives priority (waiting_for Priority of seat 1).
Control (same script): the same Siege with "target opponent loses 2 life."
resolves with no choice by P2, and phase gives P1 priority.
"""
from phasekit import BEARS, Table, run, siege, verdict


def play(text):
    """Returns (the prompt after the trigger resolves, its seat, the active
    seat, whether P2 chose cards to discard)."""
    s = siege("Pool Siege Discard", 3, "Pool Siege Discard Reborn", text=text)
    deck = ["Pool Siege Discard"] * 40
    t = Table([BEARS, s], [deck, ["Grizzly Bears"] * 40], need={0: ["Pool Siege Discard"]})
    t.pass_until("PreCombatMain", 1)
    oid = t.card("Pool Siege Discard", 0, "hand")
    t.cast(0, oid)
    chose = False
    for _ in range(20):
        p = t.prompt
        if p == "NamedChoice":
            t.choose_protector(1)
        elif p == "TriggerTargetSelection":
            t.do(0, "ChooseTarget", target={"Player": 1})
        elif p == "DiscardChoice":
            d = t.wf["data"]
            assert d["player"] == 1, t.where()
            t.do(1, "SelectCards", cards=d["cards"][:d["count"]])
            chose = True
        elif p == "Priority" and (t.g.stack() or t.obj(oid)["zone"] != "Battlefield"):
            t.pass_()
        else:
            break
    assert t.g.stack() == [] and t.prompt == "Priority", t.where()
    return t.prompt, t.actor, t.state()["active_player"], chose


def main():
    control = play("When this Siege enters, target opponent loses 2 life.")
    assert control[1] == control[2] == 0 and not control[3], f"control: {control}"
    prompt, seat, active, chose = play("When this Siege enters, target opponent discards two cards.")
    assert chose, "P2 was never asked to discard"
    verdict(prompt == "Priority" and seat != active,
            f"after the discard trigger resolved (P2 chose the two cards), seat {seat} (P2) has priority, "
            f"not the active player seat {active} (P1); the control trigger without P2's choice gives P1 priority",
            f"the active player (seat {active}) receives priority after the trigger resolves")


run(main)
