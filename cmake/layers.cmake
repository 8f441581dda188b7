# Layering: a target sees its own layer and the layers below, nothing else.
#
# cmake/layers.txt is the table (scripts/check_layers.py reads it too). For
# each layer L the build makes ${CMAKE_BINARY_DIR}/layers/L/, holding one
# symlink per layer L may use (and L itself) to that source directory, and
# gives every target defined under L/ that directory, and no other, as its
# include path (PRIVATE: a target's own directory already shows all it may
# use, so nothing needs inheriting). Includes keep their root-relative
# spelling ("ir/context.h"), and one that reaches a layer above does not
# compile. A target that links a library of a layer above is refused at
# configure time.

set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${CMAKE_SOURCE_DIR}/cmake/layers.txt)

# Reads cmake/layers.txt into LITE_LAYERS (the names, bottom first) and
# LITE_LAYER_USES_<name> (the layers <name> may include besides itself).
function(lite_read_layers)
  set(table ${CMAKE_SOURCE_DIR}/cmake/layers.txt)
  file(STRINGS ${table} lines ENCODING UTF-8)
  set(layers)
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "#.*" "" line "${line}")
    string(STRIP "${line}" line)
    if(line STREQUAL "")
      continue()
    endif()
    if(NOT line MATCHES "^([a-z][a-z0-9_]*):(.*)$")
      message(FATAL_ERROR "${table}: '${line}' is not 'layer: layers it uses'")
    endif()
    set(name ${CMAKE_MATCH_1})
    string(STRIP "${CMAKE_MATCH_2}" uses)
    separate_arguments(uses UNIX_COMMAND "${uses}")
    list(APPEND layers ${name})
    set(LITE_LAYER_USES_${name} ${uses} PARENT_SCOPE)
  endforeach()
  set(LITE_LAYERS ${layers} PARENT_SCOPE)
endfunction()

# Makes ${CMAKE_BINARY_DIR}/layers/<layer>/ for every layer: a symlink to each
# source directory the layer may include, and no other entry. A link to a
# directory not yet made dangles until it appears; the compiler skips it.
function(lite_make_layer_include_dirs)
  foreach(layer IN LISTS LITE_LAYERS)
    set(dir ${CMAKE_BINARY_DIR}/layers/${layer})
    file(MAKE_DIRECTORY ${dir})
    set(wanted ${layer} ${LITE_LAYER_USES_${layer}})
    # Unlinks (never recurses into) what an earlier table or checkout left.
    file(GLOB entries LIST_DIRECTORIES true RELATIVE ${dir} ${dir}/*)
    foreach(entry IN LISTS entries)
      set(path ${dir}/${entry})
      if(IS_SYMLINK ${path})
        file(READ_SYMLINK ${path} points_to)
        if(entry IN_LIST wanted AND points_to STREQUAL ${CMAKE_SOURCE_DIR}/${entry})
          continue()
        endif()
        file(REMOVE ${path})
      elseif(IS_DIRECTORY ${path})
        message(FATAL_ERROR "${path} is a directory, not a link: remove it "
                            "and configure again")
      else()
        file(REMOVE ${path})
      endif()
    endforeach()
    foreach(used IN LISTS wanted)
      if(NOT IS_SYMLINK ${dir}/${used})
        file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${used} ${dir}/${used} SYMBOLIC)
      endif()
    endforeach()
  endforeach()
endfunction()

# Gives every target defined in DIR or below its layer's include directory and
# records the layer in the target's LITE_LAYER property. A target's layer is
# the top-level directory it is defined under.
function(lite_apply_layers dir)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  if(targets)
    file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${dir})
    string(REGEX REPLACE "/.*" "" layer "${rel}")
    if(NOT layer IN_LIST LITE_LAYERS)
      message(FATAL_ERROR "${dir} defines targets (${targets}) but '${layer}' "
                          "is no layer of cmake/layers.txt: add its row")
    endif()
  endif()
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "UTILITY")
      continue()
    endif()
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      target_include_directories(${target} PRIVATE ${CMAKE_BINARY_DIR}/layers/${layer})
    endif()
    set_property(TARGET ${target} PROPERTY LITE_LAYER ${layer})
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    lite_apply_layers(${sub})
  endforeach()
endfunction()

# Refuses a target that links a library of a layer its own may not use: a
# call upward breaks the layering as an include does. Run after every
# target_link_libraries (deferred to the end of the top directory).
function(lite_check_layer_links dir)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(layer ${target} LITE_LAYER)
    if(NOT layer)
      continue()
    endif()
    get_target_property(links ${target} LINK_LIBRARIES)
    get_target_property(interface_links ${target} INTERFACE_LINK_LIBRARIES)
    foreach(lib IN LISTS links interface_links)
      if(NOT TARGET ${lib})
        continue()
      endif()
      get_target_property(lib_layer ${lib} LITE_LAYER)
      if(lib_layer AND NOT lib_layer STREQUAL layer
         AND NOT lib_layer IN_LIST LITE_LAYER_USES_${layer})
        message(FATAL_ERROR "${target} (layer ${layer}) links ${lib} (layer "
                            "${lib_layer}), which ${layer} may not use "
                            "(cmake/layers.txt)")
      endif()
    endforeach()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    lite_check_layer_links(${sub})
  endforeach()
endfunction()

lite_read_layers()
lite_make_layer_include_dirs()
