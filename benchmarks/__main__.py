"""``python -m benchmarks [--quick]``: every figure of docs/PERFORMANCE.md, in one run."""

import argparse

from benchmarks import (
    analyse_requests,
    analysis,
    archive,
    branches,
    browser,
    compiled,
    dalmuti,
    dalmuti_search,
    engine,
    games,
    hidden_analysis,
    jobs,
    olympi_search,
    play,
    quota,
    search,
    uploads,
    web,
    whatif,
    words,
)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("--quick", action="store_true", help="smaller archives, for a fast look")
    args = parser.parse_args()
    print(engine.machine(), end="\n\n")
    print(engine.validation_vs_json()[0], end="\n\n")
    print(engine.per_play_vs_chess()[0], end="\n\n")
    print(web.api_vs_echo(), end="\n\n")
    print(web.page_figures(), end="\n\n")
    print(web.full_collections(), end="\n\n")
    print(play.choices_vs_validate(), end="\n\n")
    print(branches.branch_vs_whole_log(), end="\n\n")
    print(whatif.whatif_vs_validate(), end="\n\n")
    print(words.render_vs_validate(), end="\n\n")
    print(engine.bulk((2_000, 10_000) if args.quick else (10_000, 100_000))[0], end="\n\n")
    print(browser.charts_vs_bare(browser.PAGES, loads=3 if args.quick else 21), end="\n\n")
    print(games.every_game(10 if args.quick else 20, 10 if args.quick else 50), end="\n\n")
    print(archive.throughput(1_500 if args.quick else 6_000, 1 if args.quick else 2)[0], end="\n\n")
    print(dalmuti.section(), end="\n\n")
    print(uploads.growth(), end="\n\n")
    print(quota.per_upload(), end="\n\n")
    print(search.horizon(), end="\n\n")
    print(olympi_search.horizon(), end="\n\n")
    print(dalmuti_search.horizon(), end="\n\n")
    print(hidden_analysis.figures(), end="\n\n")
    print(compiled.compiled_vs_pure(), end="\n\n")
    print(jobs.upload_to_results(), end="\n\n")
    print(jobs.samples_at_start_alone(), end="\n\n")
    print(analysis.whole_sample(), end="\n\n")
    print(analyse_requests.per_request(1 if args.quick else 3), end="\n\n")


main()
