// The cubes as SVG pictures of their real faces: 2 swirls, 3 triangles, 4 lightning bolts, the number 5, 6 stars,
// the number 10, and the Flaming Sun (face 1 in the protocol, only on the sun cube, which is another colour).
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const FACE_NAMES = {1: "the Flaming Sun", 2: "2 (swirls)", 3: "3 (triangles)", 4: "4 (bolts)", 5: "5",
                    6: "6 (stars)", 10: "10"};

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function placed(shape, x, y, scale) {
  const group = svgElement("g", {transform: `translate(${x} ${y}) scale(${scale})`});
  group.append(shape);
  return group;
}

function swirl() {
  return svgElement("path", {d: "M0 0a3 3 0 0 1 6 0a6 6 0 0 1-12 0a9 9 0 0 1 18 0a12 12 0 0 1-24 0",
                             class: "glyph-line"});
}

function triangle() {
  return svgElement("polygon", {points: "0,-11 10,8 -10,8", class: "glyph"});
}

function bolt() {
  return svgElement("polygon", {points: "-3,-13 7,-13 1,-2 7,-2 -6,14 -1,2 -7,2", class: "glyph"});
}

function star() {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? 4.5 : 11, angle = Math.PI * i / 5 - Math.PI / 2;
    points.push(`${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle)).toFixed(2)}`);
  }
  return svgElement("polygon", {points: points.join(" "), class: "glyph"});
}

function numeral(text) {
  const element = svgElement("text", {x: 50, y: 52, class: "numeral", "text-anchor": "middle",
                                      "dominant-baseline": "central"});
  element.textContent = text;
  return element;
}

function flamingSun() {
  const group = svgElement("g", {transform: "translate(50 50)"});
  for (let i = 0; i < 12; i++) {
    const flame = svgElement("path", {d: "M-6 -20Q0 -40 6 -20Z", class: "flame",
                                      transform: `rotate(${i * 30})`});
    group.append(flame);
  }
  group.append(svgElement("circle", {r: 19, class: "sun-disc"}));
  return group;
}

const LAYOUTS = {
  2: [swirl, [[32, 32], [68, 68]], 1.3],
  3: [triangle, [[50, 28], [29, 70], [71, 70]], 1.3],
  4: [bolt, [[29, 29], [71, 29], [29, 71], [71, 71]], 1.15],
  6: [star, [[32, 22], [68, 22], [32, 50], [68, 50], [32, 78], [68, 78]], 1.05],
};

// face: 1 (the Flaming Sun), 2, 3, 4, 5, 6, 10, or null for a cube still to throw. sunCube: the odd-coloured cube.
function cubePicture(face, sunCube, extraClass) {
  const label = face === null ? (extraClass === "set-aside" ? "a cube set aside"
                                 : sunCube ? "the sun cube, to throw" : "a cube to throw")
    : sunCube && face !== 1 ? `the sun cube showing ${FACE_NAMES[face]}` : FACE_NAMES[face];
  const svg = svgElement("svg", {viewBox: "0 0 100 100", role: "img", "aria-label": label,
                                 class: `cube${sunCube ? " sun-cube" : ""}${extraClass ? " " + extraClass : ""}`});
  const title = svgElement("title", {});
  title.textContent = label;
  svg.append(title, svgElement("rect", {x: 3, y: 3, width: 94, height: 94, rx: 16, class: "cube-body"}));
  if (face === 1) svg.append(flamingSun());
  else if (face === 5 || face === 10) svg.append(numeral(String(face)));
  else if (face in LAYOUTS) {
    const [shape, spots, scale] = LAYOUTS[face];
    for (const [x, y] of spots) svg.append(placed(shape(), x, y, scale));
  }
  svg.dataset.face = face === null ? "" : String(face);
  return svg;
}

// "10 10 10 3 s4" (s: the sun cube showing a number, S: showing the Flaming Sun) -> [{face, sun}, ...]
function parseThrow(text) {
  if (!text) return [];
  return text.split(" ").map(word => word === "S" ? {face: 1, sun: true}
    : word.startsWith("s") ? {face: Number(word.slice(1)), sun: true} : {face: Number(word), sun: false});
}
