"""The end of a scene: dread moves by how it went and by the campaign's own numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.errors import RequestError
from oracle.solo.scene_end import MAX_OFFSET, SHIFT, Went, dread_with, end_scene, parse_went


@pytest.mark.parametrize("went,campaign,offset,after,dread", [
    ("yours", 5, 0, -1, 4),
    ("against", 5, 0, 1, 6),
    ("mixed", 5, 2, 2, 7),
    ("against", 5, 3, 3, 8),      # the offset's bound
    ("yours", 1, 0, 0, 1),        # already as calm as it gets
    ("against", 9, 0, 0, 9),      # already as awake as it gets
    ("yours", 9, 3, -1, 8),       # the campaign rose since: the offset is pulled back first
])
def test_a_scene_end_moves_dread_one_step_within_the_scale(went: str, campaign: int, offset: int,
                                                           after: int, dread: int) -> None:
    ended = end_scene(went, campaign, offset)
    assert ended.offset == after and ended.dread == dread
    assert ended.to_dict()["dread"] == dread and ended.to_dict()["went"] == went


def test_the_reason_says_how_it_went_and_where_dread_comes_from() -> None:
    assert end_scene("against", 5).reason == (
        "The scene went against you: dread +1. The campaign's numbers give 5; the scenes' ends "
        "add +1; dread 5 -> 6.")
    assert "already as far as it goes" in end_scene("yours", 1).reason
    assert end_scene("mixed", 4, 1).reason.startswith("The scene went both ways: dread stays.")


@given(st.lists(st.sampled_from(list(Went)), max_size=30), st.lists(st.integers(1, 9),
                                                                     min_size=1, max_size=30))
def test_any_run_of_scenes_keeps_dread_in_1_to_9_and_moves_at_most_one_step(
        wents: list[Went], campaigns: list[int]) -> None:
    offset = 0
    for i, went in enumerate(wents):
        campaign = campaigns[i % len(campaigns)]
        ended = end_scene(went, campaign, offset)
        assert 1 <= ended.dread <= 9 and abs(ended.offset) <= MAX_OFFSET
        assert ended.shift in (0, SHIFT[went])
        assert ended.dread - ended.dread_before == ended.shift
        assert ended.dread == dread_with(campaign, ended.offset)
        offset = ended.offset


@pytest.mark.parametrize("bad", ["great", "", None, 3])
def test_a_scene_that_went_nowhere_is_refused_in_one_sentence(bad: object) -> None:
    with pytest.raises(RequestError, match=r"^went: .*\.$"):
        parse_went(bad)


@pytest.mark.parametrize("bad", [4, -4, True, "1"])
def test_a_bad_offset_is_refused(bad: object) -> None:
    with pytest.raises(RequestError, match=r"^offset: "):
        end_scene("yours", 5, bad)  # type: ignore[arg-type]
