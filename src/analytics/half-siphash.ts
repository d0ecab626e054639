import { randomFillSync } from 'node:crypto'

/** A HalfSipHash key: 64 bits as two 32-bit words, the first from key bytes 0 to 3 (little-endian). */
export type HashKey = Uint32Array

/** A fresh key from the operating system's CSPRNG, so no one outside this run can know it. */
export function randomKey(): HashKey {
  return randomFillSync(new Uint32Array(2))
}

/**
 * HalfSipHash-2-4 with a 64-bit output (Aumasson and Bernstein's reference `halfsiphash.c`), over the string's
 * UTF-16 code units as little-endian bytes: two code units make one 32-bit message word, and the last word
 * holds the odd code unit, if any, under the byte length (2 × `text.length`, mod 256) in its top byte. So the
 * result is the reference's over `Buffer.from(text, 'utf16le')`; the tests check it against the published
 * vectors. Writes the output's bytes 0 to 3 to `out[0]` and 4 to 7 to `out[1]`, both little-endian: two
 * numbers without allocating, a million times an export.
 *
 * Why this function: it is a PRF built for hash tables fed by untrusted keys (SipHash's purpose), on 32-bit
 * words, which is what JavaScript's bit operators work on; SipHash proper needs 64-bit arithmetic (BigInt, far
 * slower). Everything is 32-bit addition, rotation and XOR: `| 0` keeps sums in int32.
 */
export function halfSipHash64(key: HashKey, text: string, out: Uint32Array): void {
  const k0 = key[0] ?? 0
  const k1 = key[1] ?? 0
  let v0 = k0
  let v1 = k1 ^ 0xee
  let v2 = 0x6c796765 ^ k0
  let v3 = 0x74656462 ^ k1
  const n = text.length
  const words = n >>> 1
  // Step w < words: a message word, 2 rounds. Step words: the last word (the tail and the length), 2 rounds.
  // Steps words + 1 and + 2: the two 4-round finalizations, each giving 32 bits. One round body serves all.
  for (let w = 0; w <= words + 2; w++) {
    let m = 0
    let rounds = 2
    if (w < words) m = text.charCodeAt(2 * w) | (text.charCodeAt(2 * w + 1) << 16)
    else if (w === words) m = (n << 25) | (n & 1 ? text.charCodeAt(n - 1) : 0)
    else {
      rounds = 4
      if (w === words + 1) v2 ^= 0xee
      else {
        out[0] = v1 ^ v3
        v1 ^= 0xdd
      }
    }
    v3 ^= m
    for (let r = 0; r < rounds; r++) {
      v0 = (v0 + v1) | 0
      v1 = (v1 << 5) | (v1 >>> 27)
      v1 ^= v0
      v0 = (v0 << 16) | (v0 >>> 16)
      v2 = (v2 + v3) | 0
      v3 = (v3 << 8) | (v3 >>> 24)
      v3 ^= v2
      v0 = (v0 + v3) | 0
      v3 = (v3 << 7) | (v3 >>> 25)
      v3 ^= v0
      v2 = (v2 + v1) | 0
      v1 = (v1 << 13) | (v1 >>> 19)
      v1 ^= v2
      v2 = (v2 << 16) | (v2 >>> 16)
    }
    v0 ^= m
  }
  out[1] = v1 ^ v3
}
