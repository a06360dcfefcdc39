"""Packaging: every package of the checkout is found, so a new game's package needs no line anywhere but
its entry point in pyproject.toml (which holds the rest of the configuration).

The folders the service reads at run time (templates, static files, samples, documents, the plotly.js
bundle) travel inside the ``api`` package as ``api.site.*``, mapped in pyproject.toml's package-dir.
"""

from setuptools import find_packages, setup

SITE = ["api.site.templates", "api.site.static", "api.site.sample_games", "api.site.docs", "api.site.vendor",
        "api.site.translations"]
NOT_SHIPPED = ["tests", "tests.*", "benchmarks", "benchmarks.*", "scripts", "scripts.*", "build", "build.*"]

setup(packages=[*find_packages(exclude=NOT_SHIPPED), *SITE])
