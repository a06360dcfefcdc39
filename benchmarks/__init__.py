"""Benchmarks that print figures side by side in one run, as ratios against a baseline measured in the
same run, so a noisy 2-core machine still gives comparable numbers. Run: ``python -m benchmarks``."""
