/** Validation of the simulator against the physics it claims: references and the runs that compare with them. */
package org.isocloth.validate;
