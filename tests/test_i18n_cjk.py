"""Japanese and Simplified Chinese (rules §10): which browsers and terminals
reach them, how they count, and the words their players use for the tiles and the aids.

Simplified Chinese is the catalogue ``zh_Hans`` (Babel's name for it): a browser asking for
``zh-CN``, ``zh-Hans`` or plain ``zh`` reaches it through CLDR's likely script of the tag;
``zh-TW`` (Traditional) does not, and falls through to the next language it accepts."""

from __future__ import annotations

import pytest

from mahjong_solitaire.i18n import (
    available_languages,
    catalogue_json,
    count_label,
    language_from_environment,
    languages,
    negotiate,
    tile_name,
    translator,
)


def test_japanese_and_simplified_chinese_have_a_catalogue_named_in_its_own_language() -> None:
    assert {"ja", "zh_Hans"} <= set(languages())
    names = {entry["code"]: entry["name"] for entry in available_languages()}
    assert names["ja"] == "日本語"
    assert names["zh_Hans"] == "中文 (简体)"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("zh-CN,zh;q=0.9,en;q=0.8", "zh_Hans"),
        ("zh-Hans", "zh_Hans"),
        ("zh-hans-cn", "zh_Hans"),
        ("zh", "zh_Hans"),
        ("zh-SG", "zh_Hans"),
        ("zh-TW,en;q=0.8", "en"),
        ("zh-Hant-HK, it;q=0.5", "it"),
        ("zh-TW,zh;q=0.9,en;q=0.8", "zh_Hans"),
        ("ja-JP,ja;q=0.9", "ja"),
        ("ja", "ja"),
    ],
)
def test_chinese_and_japanese_browsers_reach_their_catalogue(header: str, expected: str) -> None:
    assert negotiate(header) == expected


def test_the_remembered_code_and_the_terminal_reach_simplified_chinese() -> None:
    assert negotiate("ja", cookie_value="zh_Hans") == "zh_Hans"
    assert language_from_environment({"LANG": "zh_CN.UTF-8"}) == "zh_Hans"
    assert language_from_environment({"LANGUAGE": "zh_TW:ja", "LANG": "C"}) == "ja"
    assert language_from_environment({"LC_ALL": "ja_JP.eucJP"}) == "ja"


@pytest.mark.parametrize("lang", ["ja", "zh_Hans"])
def test_the_page_gets_a_bcp47_locale_and_one_plural_form(lang: str) -> None:
    data = catalogue_json(lang)
    assert data["locale"] == lang.replace("_", "-")
    assert data["plural"]["categories"] == ["other"]
    _ = translator(lang)
    assert _.ngettext("{n} move", "{n} moves", 1).replace("1", "5") == _.ngettext(
        "{n} move", "{n} moves", 5
    )
    assert {_.plural_index(n) for n in (0, 1, 2, 1_000_000)} == {0}


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("ja", {1: "1枚", 144: "144枚", 1_000_000: "1,000,000枚"}),
        ("zh_Hans", {1: "1 张牌", 144: "144 张牌", 1_000_000: "1,000,000 张牌"}),
    ],
)
def test_tiles_are_counted_with_the_languages_counter_word(lang: str, counts: dict) -> None:
    for n, text in counts.items():
        assert count_label("tiles", n, lang) == text


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        (
            "ja",
            {
                "5B": "索子の5",
                "5C": "萬子の5",
                "5D": "筒子の5",
                "E": "風牌の東",
                "R": "三元牌の中",
                "G": "三元牌の發",
                "Wh": "三元牌の白",
                "F1": "花牌の梅",
                "S1": "季節牌の春",
            },
        ),
        (
            "zh_Hans",
            {
                "5B": "五条",
                "5C": "五万",
                "5D": "五筒",
                "E": "东风",
                "R": "红中",
                "G": "发财",
                "Wh": "白板",
                "F1": "花牌·梅",
                "S1": "季节牌·春",
            },
        ),
    ],
)
def test_tiles_carry_the_names_players_of_the_language_use(lang: str, names: dict) -> None:
    for label, name in names.items():
        assert tile_name(label, lang) == name, label


@pytest.mark.parametrize(
    ("msgid", "ja", "zh"),
    [
        ("Hint", "ヒント", "提示"),
        ("Undo", "元に戻す", "撤销"),
        ("Shuffle", "シャッフル", "洗牌"),
        ("Connect", "二角取り", "连连看"),
        ("Today's challenge", "今日のチャレンジ", "今日挑战"),
        ("No moves", "手詰まり", "无牌可走"),
    ],
)
def test_the_aids_and_modes_use_the_players_words(msgid: str, ja: str, zh: str) -> None:
    assert (translator("ja")(msgid), translator("zh_Hans")(msgid)) == (ja, zh)
