// Jest's `toEqual` walks a Buffer byte by byte through its generic deep equality: comparing a
// file or a response body of a few hundred kilobytes costs seconds. Two Buffers are compared here
// with `Buffer.equals` instead; anything else (a Buffer beside another type included) is left to Jest,
// so what passes and what fails is unchanged, and a failure still prints Jest's diff.
'use strict';
/* global expect */

/** @param {unknown} a @param {unknown} b @returns {boolean | undefined} */
function buffersEqual(a, b) {
  if (!Buffer.isBuffer(a) || !Buffer.isBuffer(b)) return undefined;
  return a.equals(b);
}

if (typeof expect !== 'undefined') expect.addEqualityTesters([buffersEqual]);

module.exports = { buffersEqual };
