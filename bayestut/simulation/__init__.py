"""The simulation study of Corani et al. (MLJ 2017, §4-5), one idea per module:

``crossval`` (the cross-validation simulator), ``populations`` (the delta_i populations),
``shrinkage`` (§4's formulas), ``more_datasets`` (a study grown
to 200 data sets: more data sets decide), ``runner`` (seeds, parallel repetitions, the resumable cache,
the paper's grid; ``python -m bayestut.simulation.runner``), ``summary`` (Table 1 and the
decisions of §5) and ``figures`` (MLJ Figures 1-4).
"""
