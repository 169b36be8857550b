#!/usr/bin/env python3
"""Weighted set-partitioning instances in the shapes people bring: choose
options so that every item is covered exactly once at least total cost.

usage: tools/gen_partition.py FAMILY ITEMS OPTIONS SEED > FILE.dlx
       (FAMILY: routing, crew or random)

Each instance is written in Knuth's format with `|cost` on every option,
and is deterministic (same arguments, same bytes). Every instance has a
cover: a partition of the items is drawn first and its parts are options
(the *planted* cover), so the least cost is at most the planted cover's
cost, which a comment line states; the rest of the options are drawn
around it. Options with the same items are written once, at the least of
their costs.

routing  Customers at random points of a 1000 x 1000 square, the depot at
         its centre. An option is a route: the depot, 1 to 12 customers
         near one another, back to the depot, at its length (the customers
         visited nearest first; rounded). Routes grow from a customer by
         steps to one of its 8 nearest customers not on the route yet. The
         planted cover cuts the customers, sorted by their angle around the
         depot, into runs of 1 to 8. The linear relaxation is close to the
         optimum, as in vehicle routing.
crew     Flight legs between 6 stations over a day. An option is a pairing:
         1 to 6 legs, each departing where the one before arrived, 30 to
         180 minutes later; it costs its minutes from the first departure
         to the last arrival, plus 240 if it does not end where it started
         (a night away). The planted cover is a set of pairings that leave
         from and return to a base; the legs are theirs. Other pairings
         follow the legs' connections at random.
random   An option is 2 to 6 items drawn at random, at a cost of 10 to 100
         per item. The linear relaxation is weak.

The module's `instance(family, items, options, seed)` returns
(item names, options as (item indices, cost), planted cost) for the bench.
"""
import math
import random
import sys


def _dedupe(options):
    """Options with the same items once, at their least cost, in first-seen order."""
    best = {}
    for items, cost in options:
        key = tuple(sorted(items))
        if key not in best or cost < best[key]:
            best[key] = cost
    return [(list(k), c) for k, c in best.items()]


def _fill(out, options, planted, draw):
    """`out` (the planted options first) topped up with `draw()` options
    up to `options` distinct ones (20 draws an option at most); returns
    them with the planted cover's cost and size."""
    planted_cost = sum(c for _, c in out[:planted])
    tries = 0
    while len(out) < options and tries < 20 * options:
        tries += 1
        out.append(draw())
        if tries % 1000 == 0:
            out = _dedupe(out)
    return out, planted_cost, planted


def _route_cost(points, route):
    """The length of the route from the depot through `route`, nearest
    customer first, and back, rounded."""
    here, left, total = (500.0, 500.0), list(route), 0.0
    while left:
        nxt = min(left, key=lambda c: (math.dist(here, points[c]), c))
        total += math.dist(here, points[nxt])
        here = points[nxt]
        left.remove(nxt)
    return round(total + math.dist(here, (500.0, 500.0)))


def routing(items, options, rng):
    points = [(rng.uniform(0, 1000), rng.uniform(0, 1000)) for _ in range(items)]
    near = [sorted((c for c in range(items) if c != i), key=lambda c: (math.dist(points[i], points[c]), c))[:8]
            for i in range(items)]
    angle = sorted(range(items), key=lambda c: math.atan2(points[c][1] - 500, points[c][0] - 500))
    planted, i = [], 0
    while i < items:
        k = rng.randint(1, 8)
        planted.append(angle[i:i + k])
        i += k
    def draw():
        route = [rng.randrange(items)]
        size = rng.randint(1, 12)
        while len(route) < size:
            ahead = [c for c in near[rng.choice(route)] if c not in route]
            if not ahead:
                break
            route.append(rng.choice(ahead))
        return route, _route_cost(points, route)

    return _fill([(r, _route_cost(points, r)) for r in planted], options, len(planted), draw)


def crew(items, options, rng):
    stations = 6
    legs, planted = [], []  # a leg: (from, to, departure, arrival)
    while len(legs) < items:
        base, t = rng.randrange(stations), rng.randint(300, 700)
        here, pairing, size = base, [], rng.randint(2, 5)
        for k in range(size):
            if len(legs) == items:
                break
            to = base if k == size - 1 else rng.choice([s for s in range(stations) if s != here])
            if to == here:
                to = (here + 1) % stations
            dur = rng.randint(50, 200)
            legs.append((here, to, t, t + dur))
            pairing.append(len(legs) - 1)
            here, t = to, t + dur + rng.randint(30, 180)
        planted.append(pairing)
    follow = [[b for b, lb in enumerate(legs) if lb[0] == la[1] and 30 <= lb[2] - la[3] <= 180]
              for la in legs]

    def cost(p):
        first, last = legs[p[0]], legs[p[-1]]
        return last[3] - first[2] + (0 if last[1] == first[0] else 240)

    def draw():
        p, size = [rng.randrange(items)], rng.randint(1, 6)
        while len(p) < size and follow[p[-1]]:
            p.append(rng.choice(follow[p[-1]]))
        return p, cost(p)

    return _fill([(p, cost(p)) for p in planted], options, len(planted), draw)


def random_family(items, options, rng):
    order = list(range(items))
    rng.shuffle(order)
    planted, i = [], 0
    while i < items:
        k = rng.randint(2, 6)
        planted.append(order[i:i + k])
        i += k
    def draw():
        p = rng.sample(range(items), rng.randint(2, min(6, items)))
        return p, sum(rng.randint(10, 100) for _ in p)

    return _fill([(p, sum(rng.randint(10, 100) for _ in p)) for p in planted], options, len(planted), draw)


FAMILIES = {'routing': routing, 'crew': crew, 'random': random_family}


def instance(family, items, options, seed):
    rng = random.Random(f'{family}-{items}-{options}-{seed}')
    out, planted_cost, _ = FAMILIES[family](items, options, rng)
    out = _dedupe(out)[:options]
    names = [f'i{k}' for k in range(items)]
    return names, out, planted_cost


def text(family, items, options, seed):
    names, out, planted = instance(family, items, options, seed)
    lines = [f'| {family} {items} items, {len(out)} options, seed {seed}; the planted cover costs {planted}',
             ' '.join(names)]
    lines += [' '.join(names[c] for c in sorted(p)) + f' |{c}' for p, c in out]
    return '\n'.join(lines) + '\n'


if __name__ == '__main__':
    if len(sys.argv) != 5 or sys.argv[1] not in FAMILIES:
        sys.exit(__doc__)
    sys.stdout.write(text(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
