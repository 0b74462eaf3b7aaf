"""Learned nogoods (rules §5.5): pairings that lose together, chosen from the root, cut
any later branch or probe that repeats them."""

from __future__ import annotations

from mahjong_solitaire.solver.nogoods import Nogoods


def pairings(**chosen: int) -> int:
    """Two bits per key, as the search codes them: ``pairings(k0=2, k3=1)``."""
    code = 0
    for name, choice in chosen.items():
        code |= choice << 2 * int(name[1:])
    return code


def keys(*numbers: int) -> int:
    return sum(1 << k for k in numbers)


ALL_ALIVE = keys(*range(36))


def test_a_learned_nogood_cuts_the_same_pairings_of_its_keys_whatever_the_others():
    nogoods = Nogoods()
    nogoods.learn(keys(0, 3), pairings(k0=2, k3=1, k5=3))
    assert nogoods.names(0) and nogoods.names(3) and not nogoods.names(5)
    assert nogoods.repeated(3, pairings(k0=2, k3=1, k7=2), ALL_ALIVE) == keys(0, 3)
    assert nogoods.repeated(0, pairings(k0=2, k3=1), ALL_ALIVE) == keys(0, 3)


def test_other_pairings_of_its_keys_are_not_cut():
    nogoods = Nogoods()
    nogoods.learn(keys(0, 3), pairings(k0=2, k3=1))
    assert nogoods.repeated(3, pairings(k0=2, k3=3), ALL_ALIVE) == 0
    assert nogoods.repeated(3, pairings(k0=1, k3=1), ALL_ALIVE) == 0
    assert nogoods.repeated(3, pairings(k3=1), ALL_ALIVE) == 0  # key 0 still open


def test_a_nogood_naming_a_key_with_no_tile_left_cuts_nothing():
    nogoods = Nogoods()
    nogoods.learn(keys(0, 3), pairings(k0=2, k3=1))
    assert nogoods.repeated(3, pairings(k0=2, k3=1), ALL_ALIVE & ~keys(0)) == 0


def test_a_nogood_naming_too_many_keys_is_not_learned_and_none_twice():
    nogoods = Nogoods()
    many = keys(*range(Nogoods.MAX_KEYS + 1))
    nogoods.learn(many, pairings(**{f"k{k}": 1 for k in range(Nogoods.MAX_KEYS + 1)}))
    nogoods.learn(0, 0)  # an empty conflict names nothing
    assert len(nogoods) == 0
    nogoods.learn(keys(1, 2), pairings(k1=3, k2=3))
    nogoods.learn(keys(1, 2), pairings(k1=3, k2=3, k4=1))  # the same, other keys aside
    assert len(nogoods) == 1
