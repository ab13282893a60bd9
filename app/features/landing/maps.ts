/** A link that opens an address in the visitor's maps app (Google Maps hands over to the app on phones). */
export function mapsUrl(address: string) {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function oneLineAddress(address: { street: string; city: string; region: string; postalCode: string }) {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}
