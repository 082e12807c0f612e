"""Exploring a position: what a seat cannot see (:func:`sample_hidden`) and its chances from here
(:func:`odds`). One module per game holds that game's sampler; see :mod:`.hidden`."""
from .hidden import InfoSet, SamplingError, prepare, sample_hidden, supported

__all__ = ["InfoSet", "SamplingError", "prepare", "sample_hidden", "supported"]
