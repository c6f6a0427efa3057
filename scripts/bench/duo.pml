/* battlecheck check --preset default --players 2 --no-concede --no-symmetry --threads 1
   Seat 1 (P1): battlefield bear, trampler; hand siege, bolt.
   Seat 2 (P2): battlefield bear; hand steal.
   Objects are numbered like the Rust setup: per seat, battlefield then hand. */
#define NP 2
#define NO 6
#define TURNS 1
#define LIFE 20
#define DEFENSE 2

/* #0 bear, #1 trampler, #2 siege, #3 bolt (P1); #4 bear, #5 steal (P2) */
#define KIND(o)  ((o) == 1 -> K_TRAMPLER : ((o) == 2 -> K_SIEGE : ((o) == 3 -> K_BOLT : ((o) == 5 -> K_STEAL : K_BEAR))))
#define OWNER(o) ((o) < 4 -> 0 : 1)
#define START(o) ((o) == 2 || (o) == 3 || (o) == 5 -> HAND : BF)

#include "battle.pml"
