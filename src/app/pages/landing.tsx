export default function LandingRoute() {
  return <h1>Especialistas em Soldagem Industrial</h1>;
}
