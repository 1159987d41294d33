"""A document of three pages whose first bears its title: the same line atop the second and
third pages is its running head, at the text's own size (a removal firm's quotation: ``Harbour
& Hale Removals  Quotation HH-26-0417``). Before, a head had to stand on all three pages, and
it stood in the Markdown twice; a line atop the first two pages only is still text."""

from __future__ import annotations

from tests.unit.test_two_page_furniture import FOOT, HEAD, _finish, _pages


def test_a_head_atop_the_second_and_third_pages_of_three_is_furniture() -> None:
    done = _finish(_pages([None, HEAD, HEAD], [FOOT, FOOT, FOOT]))
    assert [d.furniture for d in done] == [(FOOT,), (HEAD, FOOT), (HEAD, FOOT)]
    assert all(HEAD not in d.text for d in done)


def test_a_line_atop_the_first_two_pages_of_three_stays() -> None:
    done = _finish(_pages([HEAD, HEAD, None], [None, None, None]))
    assert [d.furniture for d in done] == [(), (), ()]
