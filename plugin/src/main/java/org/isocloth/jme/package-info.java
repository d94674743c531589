/** jMonkeyEngine integration of IsoCloth: meshes of the red/black subdivision, streamed from the solver. */
package org.isocloth.jme;
