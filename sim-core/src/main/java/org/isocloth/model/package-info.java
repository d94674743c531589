/**
 * The isometric cloth model (thesis §3.1–3.2.1): red/black 4:1 subdivision, inextensibility,
 * conforming and boundary constraints, Crouzeix-Raviart bending with curved rest shapes.
 */
package org.isocloth.model;
