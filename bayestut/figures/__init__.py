"""The figures, in one style: ``style`` (the outcome colours, the rope), ``posteriors``
(posterior densities, HDIs, forest plots, saving), ``simplex`` (the left/rope/right triangle),
``hierarchical`` (shrinkage, rank plots, predictive checks, the voting picture) and ``guide``
(choosing a test, the rope sweep). They draw what ``bayestut.methods`` computes.
"""
