# Sourced by scripts/setup.sh and scripts/recipes-setup.sh: installs the Debian packages of an
# associative array NEED ([package]=a file that proves it is there) that are missing. As root,
# with one `apt-get update` first; otherwise it names the command to run and fails.
# Usage: install_needed PREFIX (the name its messages start with).
install_needed() {
  local prefix=$1 pkg
  local missing=()
  for pkg in "${!NEED[@]}"; do
    [ -e "${NEED[$pkg]}" ] || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = 0 ]; then
    echo "$prefix: installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "$prefix: missing Debian packages: ${missing[*]}" >&2
    echo "$prefix: run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
}
