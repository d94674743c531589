/**
 * IsoCloth simulation core: isometric (inextensible) cloth after Wang 2012, with no jME dependency.
 */
package org.isocloth;
