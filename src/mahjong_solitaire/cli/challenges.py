"""``mahjong-solitaire challenges``: the challenges' rule sets (rules §13), in the
terminal's language, as ``GET /api/challenges`` lists them: each one's name (for
``deal --challenge`` and the end of a code), title, one-line rule, what its games rank by
and the aids it refuses."""

from __future__ import annotations

import argparse
import json

from .common import N_, language

__all__ = ["register", "run"]

#: What a rule set's games rank by, as the list says it.
_RANKS_BY = {
    "score": N_("ranks by score, highest first"),
    "time": N_("ranks by time, fastest first"),
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "challenges",
        help=N_("list the challenges' rule sets"),
        description=N_(
            "The challenges' rule sets: each one's name (for deal --challenge), title, "
            "rule, what its games rank by and the aids it refuses."
        ),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=N_('a JSON list of {"name", "title", "rule", "ranks_by", "refuses", "hides_faces"}'),
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ..challenges import AIDS, CHALLENGES
    from ..i18n import aid_name, challenge_rule, challenge_title, translator

    lang = language(args)
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "name": rules.name,
                        "title": challenge_title(rules, lang),
                        "rule": challenge_rule(rules, lang),
                        "ranks_by": rules.ranks_by,
                        "refuses": sorted(rules.refuses),
                        "hides_faces": rules.hides_faces,
                    }
                    for rules in CHALLENGES
                ],
                ensure_ascii=False,
            )
        )
        return 0
    _ = translator(lang)
    width = max(len(rules.name) for rules in CHALLENGES)
    for rules in CHALLENGES:
        aids = ", ".join(aid_name(aid, lang) for aid in AIDS if aid in rules.refuses)
        print(
            f"{rules.name:<{width}}  {challenge_title(rules, lang)}: {challenge_rule(rules, lang)}"
        )
        print(
            " " * (width + 2)
            + _("{ranking}; refuses: {aids}", ranking=_(_RANKS_BY[rules.ranks_by]), aids=aids)
        )
    return 0
